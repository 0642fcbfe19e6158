import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { P, type Document, type PermissionId } from '@sinetti/contract';
import type { LightMyRequestResponse } from 'fastify';
import { systemAudit } from '../src/commands/audit.ts';
import { createOrganization } from '../src/commands/create-organization.ts';
import { memberships, roleAssignments, roles } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp, type TestUser } from './helper.ts';

export interface DocumentsTestApp extends TestApp {
  blobDir: string;
  /** A shared (non-personal) organization owned by `owner`; returns the owner acting in it. */
  organization(owner: TestUser, platform?: 'google' | 'microsoft'): Promise<TestUser>;
  /** A new member of the owner's organization whose only role grants exactly `permissions`. */
  member(orgOwner: TestUser, permissions: PermissionId[]): Promise<TestUser>;
  create(
    user: TestUser,
    type: 'folder' | 'contract' | 'template',
    name: string,
    parent?: string,
  ): Promise<Document>;
  upload(
    user: TestUser,
    file: { type: string; fileName: string; content: Buffer; name?: string; parent?: string },
  ): Promise<LightMyRequestResponse>;
  json(
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The test app for documents: jobs run only when a test drains them (no background worker), blobs in a
 * fresh temporary directory.
 */
export async function buildDocumentsApp(
  env: Record<string, string> = {},
  opts: Parameters<typeof buildTestApp>[1] = {},
): Promise<DocumentsTestApp> {
  const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-test-blobs-'));
  const t = await buildTestApp({ JOBS_WORKER: 'false', BLOB_DIR: blobDir, ...env }, opts);
  const db = t.database.db;

  const json: DocumentsTestApp['json'] = (user, method, url, payload) =>
    t.call(user, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  return {
    ...t,
    blobDir,
    json,
    async organization(owner, platform = 'google') {
      const org = await createOrganization(
        db,
        { name: 'Shared', ownerAccountId: owner.accountId, platform },
        systemAudit,
      );
      return { ...owner, personalOrganizationId: org.id };
    },
    async member(orgOwner, permissions) {
      const organizationId = orgOwner.personalOrganizationId;
      const user = await t.signUp();
      await db.insert(memberships).values({ organizationId, accountId: user.accountId });
      const [role] = await db
        .insert(roles)
        .values({ organizationId, name: `Only ${permissions.join(',') || 'nothing'}`, permissions })
        .returning();
      if (!role) throw new Error('role insert failed');
      await db.insert(roleAssignments).values({ roleId: role.id, accountId: user.accountId, organizationId });
      return { ...user, personalOrganizationId: organizationId };
    },
    async create(user, type, name, parent) {
      const res = await json(user, 'POST', `/api/documents/create/${type}${parent ? `/${parent}` : ''}`, {
        name,
      });
      if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
      return res.json().document as Document;
    },
    upload(user, file) {
      const form = new FormData();
      if (file.name !== undefined) form.append('name', file.name);
      form.append('file', new Blob([new Uint8Array(file.content)]), file.fileName);
      return t.call(user, {
        method: 'POST',
        url: `/api/documents/upload/${file.type}${file.parent ? `/${file.parent}` : ''}`,
        payload: form as never,
      });
    },
    close: async () => {
      await t.close();
      await fsp.rm(blobDir, { recursive: true, force: true });
    },
  };
}

/** Every file under a directory (blob keys of the filesystem store), temporary files excluded. */
export async function listBlobFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.parentPath.includes('.incoming'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * The search tests' hidden match: an organization whose member (documents view only) does not see the folder
 * "Board" (restricted to a role no one holds) nor the "Mergers agreement" in it, but sees "Mergerz plan" at the
 * top level.
 */
export async function hiddenMergers(t: DocumentsTestApp): Promise<{ org: TestUser; member: TestUser }> {
  const org = await t.organization(await t.signUp());
  const member = await t.member(org, [P.DOCUMENTS_VIEW]);
  const [hidden] = await t.database.db
    .insert(roles)
    .values({ organizationId: org.personalOrganizationId, name: 'Board', permissions: [] })
    .returning();
  const board = await t.create(org, 'folder', 'Board');
  await t.create(org, 'contract', 'Mergers agreement', board.id);
  await t.create(org, 'contract', 'Mergerz plan');
  const given = await t.json(org, 'GET', `/api/privileges/document-role/${board.id}/${hidden?.id ?? ''}`);
  if (given.statusCode !== 200) throw new Error(`document role failed: ${given.body}`);
  return { org, member };
}
