import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { P } from '@sinetti/contract';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAccess } from '../src/policies/system.ts';
import { findDocument } from '../src/queries/documents/get-document.ts';
import { findSignee } from '../src/queries/signing/signees.ts';
import type { TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/** Issue 31 item 13: a document's sub-objects are read through an authorized document, never a bare id. */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Rea Reader' }));
});
afterAll(async () => t.close());

const remove = (u: TestUser, id: string) => t.json(u, 'GET', `/api/signing/delete/signee/${id}`);

describe('reads through an authorized document', () => {
  it('find a signee only in the document they were authorized for', async () => {
    const a = await t.create(owner, 'contract', 'Alpha');
    const b = await t.create(owner, 'contract', 'Beta');
    const signee = (await t.addSignee(owner, a.id, { email: 'a@example.com' })).json().signee;
    const rowA = await findDocument(t.database.db, a.id);
    const rowB = await findDocument(t.database.db, b.id);
    expect((await findSignee(t.database.db, systemAccess('job', rowA!), signee.id))?.id).toBe(signee.id);
    expect(await findSignee(t.database.db, systemAccess('job', rowB!), signee.id)).toBeNull();
  });

  it('answer 403 before 404 for a signee known only by its id: the permission says nothing of any object', async () => {
    const doc = await t.create(owner, 'contract', 'Order');
    const signee = (await t.addSignee(owner, doc.id, { email: 'o@example.com' })).json().signee;
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await remove(viewer, randomUUID())).statusCode).toBe(403);
    expect((await remove(viewer, signee.id)).statusCode).toBe(403);
    expect((await remove(owner, randomUUID())).statusCode).toBe(404);
    expect((await remove(owner, signee.id)).json()).toEqual({ status: 'OK' });
  });
});

describe('the system grant and the typecheck that holds the seam', () => {
  const root = path.resolve(import.meta.dirname, '../../..');

  it('is kept out of routes, as are database queries, and cannot be cast into being', async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src/routes/x/probe.ts') }))[0]!
        .messages;
    const grant = await lint(
      "import { systemAccess } from '../../policies/system.ts';\nexport const g = systemAccess;\n",
    );
    expect(grant.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const cast = await lint(
      "import type { DocumentAccess } from '../../policies/documents.ts';\nexport const d = {} as DocumentAccess;\n",
    );
    expect(cast.map((m) => m.ruleId)).toContain('no-restricted-syntax');
    // Nor does a route query the database itself (issue #31 item 16): commands and queries do.
    const query = await lint(
      "import { eq } from 'drizzle-orm';\nimport { sessions } from '../../db/schema/index.ts';\nexport const q = [eq, sessions];\n",
    );
    expect(query.filter((m) => m.ruleId === 'no-restricted-imports')).toHaveLength(2);
  });

  it('compiles test/authorized.typecheck.ts in the typecheck that npm test runs', () => {
    const tsconfig = JSON.parse(readFileSync(path.join(root, 'apps/server/tsconfig.json'), 'utf8'));
    expect(tsconfig.include).toContain('test');
    expect(readFileSync(path.join(root, 'scripts/typecheck.mjs'), 'utf8')).toContain("'apps/server'");
    expect(readFileSync(path.join(root, 'scripts/test-all.mjs'), 'utf8')).toMatch(/'run', 'typecheck'/);
  });
});
