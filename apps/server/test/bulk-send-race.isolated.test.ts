import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as send from '../src/commands/signing/send.ts';
import { bulkSendRows, signingProcesses } from '../src/db/schema/index.ts';
import { makeDocx } from './fixtures/office.ts';
import type { TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

// Bulk send (issue #33 item 4), a run whose lease ran out and the run that claimed its row again: both read
// the row's contract as a draft, the first sends it, and the second's send is refused under the lock. That
// row was sent: it is recorded sent, not failed with the refusal. (An isolated file: its mock of the send
// command is what the app it builds imports; vitest.config.ts.)

/** Runs once just before the next send command (the other run's send, between its read and its send). */
const before = vi.hoisted(() => ({ send: null as null | ((docId: string) => Promise<void>) }));
vi.mock('../src/commands/signing/send.ts', async (importOriginal) => {
  const real = await importOriginal<typeof send>();
  return {
    ...real,
    sendForSigning: vi.fn(async (...args: Parameters<typeof real.sendForSigning>) => {
      const first = before.send;
      before.send = null;
      if (first) await first(args[3].id);
      return real.sendForSigning(...args);
    }),
  };
});

let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
  await t.fund(owner, 20);
}, 120_000);
afterAll(async () => t?.close());

const PLAIN = makeDocx('<w:p><w:r><w:t>Race.</w:t></w:r></w:p>');

async function settle() {
  for (let i = 0; i < 50; i++) {
    await t.app.jobs.drain({ maxJobs: 500 });
    const list = (await t.json(owner, 'GET', '/api/bulk-send/list')).json().bulkSends as { status: string }[];
    if (list.every((b) => b.status === 'done')) return;
    t.clock.advance(3_000);
  }
  throw new Error('a bulk send did not finish');
}

describe('a row sent by another run after this one read it as a draft', () => {
  it('is recorded sent, once, not failed by the refused second send', async () => {
    const file = { type: 'template', fileName: 'race.docx', content: PLAIN, name: 'Race lease' };
    const up = await t.upload(owner, file);
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().document.id as string;
    const roles = { roles: ['Tenant'] };
    expect((await t.json(owner, 'PUT', `/api/documents/template-roles/${id}`, roles)).statusCode).toBe(200);
    const started = await t.json(owner, 'POST', `/api/bulk-send/start/${id}`, {
      csv: 'Tenant email\nrace@example.fi\n',
    });
    expect(started.statusCode, started.body).toBe(200);
    const bulkId = started.json().bulkSend.id as string;
    // The other run's send (the same command; here through its route) lands after this run read the draft.
    let otherSent = false;
    before.send = async (docId) => {
      const res = await t.json(owner, 'GET', `/api/signing/send/${docId}`);
      expect(res.json().status, res.body).toBe('OK');
      otherSent = true;
    };
    await settle();
    expect(otherSent).toBe(true);
    const [row] = await t.database.db.select().from(bulkSendRows).where(eq(bulkSendRows.bulkSendId, bulkId));
    expect(row).toMatchObject({ status: 'sent', errorCode: null, errorReason: null });
    const rounds = await t.database.db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, row!.documentId!));
    expect(rounds).toHaveLength(1);
    expect((await t.json(owner, 'GET', `/api/bulk-send/info/${bulkId}`)).json().bulkSend).toMatchObject({
      sent: 1,
      failed: 0,
    });
  }, 120_000);
});
