import { P, type PermissionId } from '@sinetti/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSeesDocument } from '../src/commands/notifications/list.ts';
import { documentRoles, documents, roleAssignments, roles } from '../src/db/schema/index.ts';
import { seesDocument } from '../src/policies/documents.ts';
import {
  documentColumns,
  seenByCaller,
  seenByRolesText,
  seeValues,
} from '../src/queries/documents/columns.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

/**
 * The document visibility rule is written four times (issue #31 item 14): seesDocument() in TypeScript (one
 * document, by id), seenByCaller() in SQL (lists and searches of one organization), seenByRolesText() as SQL
 * text (the search tiers, issue #32) and accountSeesDocument() in SQL (notifications, any organization). This
 * runs all four over the same table of document roles x member roles x permissions and asserts they agree
 * with each other and with the rule. seesDocument(), seenByCaller() and seenByRolesText() leave the
 * documents-view permission to the action's check (authorizeDocument, authorize); accountSeesDocument()
 * checks it itself, so it is compared with "sees it and may view documents".
 */
let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp({ name: 'Vera Visible' }));
});
afterAll(async () => t.close());

const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

type Who = 'owner' | 'viewer' | 'viewerA' | 'viewerAB' | 'balanceA';
/**
 * A document's own roles (none, A, B, AB, an empty set), or where it inherits them from (issue #32 item 4:
 * a folder's roles are read through the folder, not copied onto its documents): inA in a folder with role
 * A, deepA in a folder without roles inside that one, ownBinA with role B of its own in the A folder.
 */
type DocRoles = 'none' | 'A' | 'B' | 'AB' | 'empty' | 'inA' | 'deepA' | 'ownBinA';

/** Who sees which document, by the rule (docs/decisions.md "Document roles"), views included. */
const EXPECTED: Record<Who, DocRoles[]> = {
  owner: ['none', 'A', 'B', 'AB', 'empty', 'inA', 'deepA', 'ownBinA'],
  viewer: ['none'],
  viewerA: ['none', 'A', 'AB', 'inA', 'deepA'],
  viewerAB: ['none', 'A', 'B', 'AB', 'inA', 'deepA', 'ownBinA'],
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
    const effective: Record<string, string[] | null> = {
      none: null,
      A: [roleA],
      B: [roleB],
      AB: [roleA, roleB],
      empty: [],
    };
    const docs = {} as Record<DocRoles, string>;
    for (const [key, roleIds] of Object.entries(effective) as [string, string[] | null][]) {
      const doc = await t.create(owner, 'contract', `Visibility ${key}`);
      await db.update(documents).set({ effectiveRoleIds: roleIds }).where(eq(documents.id, doc.id));
      docs[key as DocRoles] = doc.id;
    }
    // Inherited roles, given the way the app gives them (document_roles rows; triggers do the rest).
    const give = (documentId: string, roleId: string) =>
      db.insert(documentRoles).values({ documentId, roleId, organizationId });
    const folderA = (await t.create(owner, 'folder', 'Visibility folder A')).id;
    const inner = (await t.create(owner, 'folder', 'Visibility inner', folderA)).id;
    await give(folderA, roleA);
    docs.inA = (await t.create(owner, 'contract', 'Visibility inA', folderA)).id;
    docs.deepA = (await t.create(owner, 'contract', 'Visibility deepA', inner)).id;
    docs.ownBinA = (await t.create(owner, 'contract', 'Visibility ownBinA', folderA)).id;
    await give(docs.ownBinA, roleB);
    // Only the folders and the document with roles of its own carry them: the others were not rewritten.
    const stored = async (id: string) =>
      (await db.select({ e: documents.effectiveRoleIds }).from(documents).where(eq(documents.id, id)))[0]!.e;
    expect(await stored(inner)).toEqual([roleA]);
    expect(await stored(docs.inA)).toBeNull();
    expect(await stored(docs.deepA)).toBeNull();
    expect(await stored(docs.ownBinA)).toEqual([roleB]);

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
          .select({ effectiveRoleIds: documentColumns.effectiveRoleIds })
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
        // The same rule as text (search tiers), for a member who does not see all.
        const asText = isOwner
          ? listed
          : rowsOf(
              await db.execute(
                sql.raw(
                  `select id from documents where id = '${id}' and ${seenByRolesText(
                    membership.roles.map((r) => `'${r.id}'::uuid`),
                    `'${organizationId}'::uuid`,
                  )}`,
                ),
              ),
            );
        const [told] = await db
          .select({ sees: sql<boolean>`${accountSeesDocument(user.accountId, sql`${id}::uuid`)}` })
          .from(sql`(select 1) as one`);
        const label = `${who} x ${key}`;
        expect(listed.length === 1, `${label}: seenByCaller vs seesDocument`).toBe(ts);
        expect(asText.length === 1, `${label}: seenByRolesText vs seesDocument`).toBe(ts);
        expect(told!.sees, `${label}: accountSeesDocument`).toBe(ts && viewsDocuments);
        expect(ts && viewsDocuments, `${label}: the rule`).toBe(EXPECTED[who].includes(key));
        cases += 1;
      }
    }
    expect(cases).toBe(40);
  });
});
