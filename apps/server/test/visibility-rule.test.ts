import { P, type PermissionId } from '@sinetti/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSeesDocument } from '../src/commands/notifications/list.ts';
import { documents, roleAssignments, roles } from '../src/db/schema/index.ts';
import { seesDocument } from '../src/policies/documents.ts';
import { seenByCaller, seeValues } from '../src/queries/documents/columns.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

/**
 * The document visibility rule is written three times (issue #31 item 14): seesDocument() in TypeScript
 * (one document, by id), seenByCaller() in SQL (lists and searches of one organization) and
 * accountSeesDocument() in SQL (notifications, any organization). This runs all three over the same table of
 * document roles x member roles x permissions and asserts they agree with each other and with the rule.
 * seesDocument() and seenByCaller() leave the documents-view permission to the action's check
 * (authorizeDocument, authorize); accountSeesDocument() checks it itself, so it is compared with
 * "sees it and may view documents".
 */
let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp({ name: 'Vera Visible' }));
});
afterAll(async () => t.close());

type Who = 'owner' | 'viewer' | 'viewerA' | 'viewerAB' | 'balanceA';
type DocRoles = 'none' | 'A' | 'B' | 'AB' | 'empty';

/** Who sees which document, by the rule (docs/decisions.md "Document roles"), views included. */
const EXPECTED: Record<Who, DocRoles[]> = {
  owner: ['none', 'A', 'B', 'AB', 'empty'],
  viewer: ['none'],
  viewerA: ['none', 'A', 'AB'],
  viewerAB: ['none', 'A', 'B', 'AB'],
  // Holds role A but not documents view: seesDocument() says yes, the view check says no.
  balanceA: [],
};

describe('the document visibility rule', () => {
  it('is the same in seesDocument(), seenByCaller() and accountSeesDocument() for every case', async () => {
    const db = t.database.db;
    const organizationId = owner.personalOrganizationId;
    const role = async (name: string) =>
      (await db.insert(roles).values({ organizationId, name, permissions: [] }).returning())[0]!.id;
    const roleA = await role('Visibility A');
    const roleB = await role('Visibility B');
    const member = async (perms: PermissionId[], extra: string[]) => {
      const user = await t.member(owner, perms);
      for (const roleId of extra) {
        await db.insert(roleAssignments).values({ roleId, accountId: user.accountId, organizationId });
      }
      return user;
    };
    const people: Record<Who, TestUser> = {
      owner,
      viewer: await member([P.DOCUMENTS_VIEW], []),
      viewerA: await member([P.DOCUMENTS_VIEW], [roleA]),
      viewerAB: await member([P.DOCUMENTS_VIEW], [roleA, roleB]),
      balanceA: await member([P.ORG_VIEW_BALANCE], [roleA]),
    };
    const effective: Record<DocRoles, string[] | null> = {
      none: null,
      A: [roleA],
      B: [roleB],
      AB: [roleA, roleB],
      empty: [],
    };
    const docs = {} as Record<DocRoles, string>;
    for (const [key, roleIds] of Object.entries(effective) as [DocRoles, string[] | null][]) {
      const doc = await t.create(owner, 'contract', `Visibility ${key}`);
      await db.update(documents).set({ effectiveRoleIds: roleIds }).where(eq(documents.id, doc.id));
      docs[key] = doc.id;
    }

    let cases = 0;
    for (const [who, user] of Object.entries(people) as [Who, TestUser][]) {
      const isOwner = who === 'owner';
      const held = await db
        .select({ id: roleAssignments.roleId })
        .from(roleAssignments)
        .where(
          and(
            eq(roleAssignments.accountId, user.accountId),
            eq(roleAssignments.organizationId, organizationId),
          ),
        );
      const membership = { isOwner, roles: held.map((r) => ({ id: r.id })) };
      const viewsDocuments = isOwner || who !== 'balanceA';
      for (const [key, id] of Object.entries(docs) as [DocRoles, string][]) {
        const [row] = await db
          .select({ effectiveRoleIds: documents.effectiveRoleIds })
          .from(documents)
          .where(eq(documents.id, id));
        const ts = seesDocument({ membership } as Parameters<typeof seesDocument>[0], row!);
        const listed = await db
          .select({ id: documents.id })
          .from(documents)
          .where(
            and(
              eq(documents.id, id),
              seenByCaller(
                documents,
                seeValues({ seesAll: isOwner, roleIds: membership.roles.map((r) => r.id) }),
              ),
            ),
          );
        const [told] = await db
          .select({ sees: sql<boolean>`${accountSeesDocument(user.accountId, sql`${id}::uuid`)}` })
          .from(sql`(select 1) as one`);
        const label = `${who} x ${key}`;
        expect(listed.length === 1, `${label}: seenByCaller vs seesDocument`).toBe(ts);
        expect(told!.sees, `${label}: accountSeesDocument`).toBe(ts && viewsDocuments);
        expect(ts && viewsDocuments, `${label}: the rule`).toBe(EXPECTED[who].includes(key));
        cases += 1;
      }
    }
    expect(cases).toBe(25);
  });
});
