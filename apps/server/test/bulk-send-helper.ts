// Bulk send in tests (issue #33 item 4): the app with a funded sender, templates with roles, and the calls a
// test makes. Shared by bulk-send-checks.test.ts and bulk-send-runs.test.ts.
import { afterAll, beforeAll, expect } from 'vitest';
import { makeDocx } from './fixtures/office.ts';
import type { TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/** The signing app and an owner (Sara Sender) of an organization funded with `fund`. */
export async function bulkSendApp(
  env: Record<string, string> = {},
  fund = 20,
): Promise<{ t: SigningTestApp; owner: TestUser }> {
  const t = await buildSigningApp(env);
  const owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
  await t.fund(owner, fund);
  return { t, owner };
}

/**
 * Builds the app and its funded owner before the file's tests (handing them to `set`) and closes it after them;
 * the bulk send calls on it.
 */
export function bulkSendSuite(
  set: (s: { t: SigningTestApp; owner: TestUser }) => void,
  env: Record<string, string> = {},
  fund = 20,
) {
  let s: { t: SigningTestApp; owner: TestUser } | undefined;
  beforeAll(async () => {
    s = await bulkSendApp(env, fund);
    set(s);
  }, 120_000);
  afterAll(async () => s?.t.close());
  return bulkSendKit(
    () => s!.t,
    () => s!.owner,
  );
}

/** A template to upload: its roles, name and .docx content; in folder `parent` if given. */
export interface TemplateOptions {
  name?: string;
  content?: Buffer;
  fileName?: string;
  roles?: string[];
  parent?: string;
}

/**
 * The bulk send calls on the test's app, as `owner` sees its organization's bulk sends (both read at each call:
 * built in beforeAll).
 */
export function bulkSendKit(app: () => SigningTestApp, owner: () => TestUser) {
  return {
    /** Uploads a template (one Tenant role unless told) and sets its roles; its id. */
    async template(u: TestUser, options: TemplateOptions = {}): Promise<string> {
      const { name = 'Lease', fileName = 'lease.docx', roles = ['Tenant'], parent } = options;
      const content = options.content ?? makeDocx('<w:p><w:r><w:t>Lease.</w:t></w:r></w:p>');
      const file = { type: 'template', fileName, content, name, ...(parent ? { parent } : {}) };
      const res = await app().upload(u, file);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().document.id as string;
      const set = await app().json(u, 'PUT', `/api/documents/template-roles/${id}`, { roles });
      expect(set.statusCode).toBe(200);
      return id;
    },
    /** Starts a bulk send of template `id` from `csv`; the bulk send's id. */
    async start(u: TestUser, id: string, csv: string): Promise<string> {
      const res = await app().json(u, 'POST', `/api/bulk-send/start/${id}`, { csv });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().bulkSend.id as string;
    },
    info: async (u: TestUser, id: string) => (await app().json(u, 'GET', `/api/bulk-send/info/${id}`)).json(),
    retry: (u: TestUser, id: string) => app().json(u, 'POST', `/api/bulk-send/retry/${id}`),
    /** Runs the jobs, moving the clock past each wait, until no bulk send of the owner's organization runs. */
    async settle(): Promise<void> {
      const t = app();
      for (let i = 0; i < 50; i++) {
        await t.app.jobs.drain({ maxJobs: 500 });
        const list = (await t.json(owner(), 'GET', '/api/bulk-send/list')).json().bulkSends as {
          status: string;
        }[];
        if (list.every((b) => b.status === 'done')) return;
        t.clock.advance(3_000);
      }
      throw new Error('a bulk send did not finish');
    },
  };
}
