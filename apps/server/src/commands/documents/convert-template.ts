import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_STATE,
  mimeTypeOf,
  type P,
  type SigneeLevel,
  type SigningMethodId,
} from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import {
  documentColumns,
  seenByCaller,
  seeValues,
  visible,
  type SeeValues,
} from '../../queries/documents/columns.ts';
import type { StoredBlob } from '../../services/blob-store/index.ts';
import { recordAudit } from '../audit.ts';
import { copySignees } from '../signing/signees.ts';
import { enqueueRendition, lockTree } from './common.ts';
import { inSubtree } from './subtree.ts';
import { addFirstVersions } from './versions.ts';
import { addRoleSignees, type RoleSignee } from './template-roles.ts';
import { roleKey } from './fields.ts';
import { copyFields } from './fields-copy.ts';

/** Copying more than this at once is refused (the copy is one transaction). */
export const MAX_COPY = 2000;

type SourceRow = Awaited<ReturnType<typeof loadSubtree>>[number];

async function loadSubtree(
  tx: DbOrTx,
  root: { id: string; organizationId: string },
  withChildren: boolean,
  see: SeeValues,
) {
  const select = { ...documentColumns, contentText: documents.contentText };
  const rows = await tx
    .select(select)
    .from(documents)
    .where(
      and(withChildren ? inSubtree(root) : eq(documents.id, root.id), visible, seenByCaller(documents, see)),
    )
    .limit(MAX_COPY + 1);
  return rows;
}

/** Parents before children, starting at the root. */
function topDown(rows: SourceRow[], rootId: string): SourceRow[] {
  const children = new Map<string | null, SourceRow[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const out = rows.filter((r) => r.id === rootId);
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]?.id ?? null) ?? []));
  return out;
}

/** The root copy's file when the template's fields were filled in: a new DOCX, its PDF still to make. */
function filledFile(filled: StoredBlob) {
  return {
    blobKey: filled.key,
    size: filled.size,
    sha256: filled.sha256,
    extension: 'docx',
    mimeType: mimeTypeOf('docx'),
    pdfKey: null,
    pdfSize: null,
    pdfSha256: null,
    contentText: null,
    conversionStatus: 'pending' as const,
    conversionError: null,
    conversionFailure: null,
  };
}

/**
 * Makes a contract from a template (or copies a folder; with includeChildren everything under it, each
 * template becoming a contract) into `parent`. The copies share the originals' immutable blobs.
 * Returns the id of the new top document.
 */
export async function convertTemplate(
  ctx: AppContext,
  actor: OrganizationActor,
  scope: AuthorizedScope<typeof P.DOCUMENTS_CREATE>,
  from: AuthorizedDocument<typeof P.DOCUMENTS_VIEW>,
  into: AuthorizedDocument<typeof P.DOCUMENTS_CREATE> | null,
  input: {
    name: string;
    includeChildren: boolean;
    filled?: StoredBlob | null;
    /** People for the template's signee roles (template-roles.ts), added after its own signees. */
    roleSignees?: { people: RoleSignee[]; level: SigneeLevel; method: SigningMethodId };
  },
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, scope.organizationId);
    const source = await relock(tx, from, 'share');
    assertAllowed(documentRules.convert(source), 'VALIDATION_FAILED');
    const parent = into && (await relock(tx, into, 'share'));
    const rows = topDown(await loadSubtree(tx, source, input.includeChildren, seeValues(scope)), source.id);
    if (rows.length > MAX_COPY)
      throw new AppError('CONFLICT', `At most ${MAX_COPY} documents can be copied at once.`).because(
        'COPY_TOO_LARGE',
      );
    const now = ctx.clock.now();
    const ids = new Map<string, string>();
    const copies = rows.map((r) => {
      const id = randomUUID();
      ids.set(r.id, id);
      return {
        ...r,
        id,
        parentId: r.id === source.id ? (parent?.id ?? null) : (ids.get(r.parentId ?? '') ?? null),
        ownerAccountId: actor.account.id,
        name: r.id === source.id ? input.name : r.name,
        ...(r.id === source.id && input.filled ? filledFile(input.filled) : {}),
        type: r.type === 'template' ? ('contract' as const) : r.type,
        signeeRoles: null,
        state: DOCUMENT_STATE.Draft,
        stateBeforeArchive: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    for (let i = 0; i < copies.length; i += 500) await tx.insert(documents).values(copies.slice(i, i + 500));
    const made = { by: actor.account.id, at: now };
    const [root, ...rest] = copies;
    await addFirstVersions(tx, rest, { ...made, origin: 'copied' });
    if (root) await addFirstVersions(tx, [root], { ...made, origin: input.filled ? 'filled' : 'copied' });
    await copySignees(tx, ids, now);
    const newId = ids.get(source.id) ?? '';
    if (input.roleSignees) {
      const { people, level, method } = input.roleSignees;
      await addRoleSignees(
        tx,
        { id: newId, organizationId: source.organizationId },
        people,
        // A person given without a language reads the sender's (issue #31 item 2).
        { level, method, language: actor.account.language },
        now,
      );
    }
    const roles = new Map((input.roleSignees?.people ?? []).map((p) => [roleKey(p.role), p.email]));
    await copyFields(tx, ids, { id: newId, roles }, now);
    for (const copy of copies) {
      if (copy.conversionStatus === 'pending' || (copy.pdfKey && copy.contentText === null)) {
        await enqueueRendition(tx, now, copy);
      }
    }
    await recordAudit(tx, auditOf(actor), 'document.converted', {
      organizationId: source.organizationId,
      subjectId: newId,
      data: { from: source.id, documents: copies.length, filled: Boolean(input.filled) },
    });
    return newId;
  });
}
