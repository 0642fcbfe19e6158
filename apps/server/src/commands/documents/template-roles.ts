import {
  type Language,
  SIGNEE_MESSAGES,
  SIGNEES_MAX,
  type P,
  type SigneeLevel,
  type SigningMethodId,
} from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, signees } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { listSignees } from '../../queries/signing/signees.ts';
import type { SigneeInput } from '../signing/signees.ts';
import { recordAudit } from '../audit.ts';
import { keepFieldsOfRoles } from './fields-copy.ts';

/**
 * Signee roles of a template (issue 13 item 4): named slots ("Tenant", "Landlord") that Use template fills
 * with a person each, who become the new contract's signees after the template's pre-assigned ones.
 */

const onlyTemplates = () =>
  new AppError('CONFLICT', 'Only a template has signee roles.').because('NOT_A_TEMPLATE');

/** Replaces a template's roles (documents edit, below Signing as every signee change). */
export async function setTemplateRoles(
  ctx: AppContext,
  actor: OrganizationActor,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  roles: string[],
): Promise<string[]> {
  const seen = new Set<string>();
  for (const role of roles) {
    const key = role.toLocaleLowerCase('fi');
    if (seen.has(key)) {
      throw new AppError('VALIDATION_FAILED', `The role "${role}" is named twice.`, {
        roles: 'Each role needs a name of its own.',
      }).because('TEMPLATE_ROLES_DUPLICATE');
    }
    seen.add(key);
  }
  return ctx.db.transaction(async (tx) => {
    const doc = await relock(tx, authorized);
    if (doc.type !== 'template') throw onlyTemplates();
    assertAllowed(documentRules.editSignees(doc));
    await tx
      .update(documents)
      .set({ signeeRoles: roles, updatedAt: ctx.clock.now() })
      .where(eq(documents.id, doc.id));
    // Fields placed for a role that is gone go with it (docs/decisions.md "Fields on the page").
    await keepFieldsOfRoles(tx, doc.id, roles);
    await recordAudit(tx, auditOf(actor), 'template.roles-set', {
      organizationId: doc.organizationId,
      subjectId: doc.id,
      data: { roles },
    });
    return roles;
  });
}

export interface RoleSignee extends SigneeInput {
  role: string;
}

/**
 * The people given for a template's roles, in the roles' order; 400 TEMPLATE_SIGNEES_INVALID naming each
 * role without a person and each person for a role the template does not have.
 */
export function roleSigneesFor(template: DocumentRow, given: RoleSignee[] | undefined): RoleSignee[] {
  const roles = template.type === 'template' ? (template.signeeRoles ?? []) : [];
  const byRole = new Map((given ?? []).map((s) => [s.role.toLocaleLowerCase('fi'), s]));
  // A Map, not an object: a role is free text and may be called "__proto__" or "constructor".
  const problems = new Map<string, string>();
  const ordered: RoleSignee[] = [];
  for (const role of roles) {
    const person = byRole.get(role.toLocaleLowerCase('fi'));
    if (person) ordered.push({ ...person, role });
    else problems.set(role, 'missing');
    byRole.delete(role.toLocaleLowerCase('fi'));
  }
  for (const person of byRole.values()) problems.set(person.role, 'unknown');
  if (problems.size > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Use template needs one person for each signee role: ${[...problems.keys()].join(', ')}.`,
      Object.fromEntries(problems),
    ).because('TEMPLATE_SIGNEES_INVALID');
  }
  return ordered;
}

/**
 * Adds the role signees to a new contract after the signees it already has (copied from the template), in
 * the transaction that made it. Two signees with one address are refused, as when adding one by hand.
 */
export async function addRoleSignees(
  tx: DbOrTx,
  doc: Pick<DocumentRow, 'id' | 'organizationId'>,
  people: RoleSignee[],
  how: { level: SigneeLevel; method: SigningMethodId; language: Language },
  now: Date,
): Promise<void> {
  if (people.length === 0) return;
  const existing = await listSignees(tx, doc.id);
  const emails = new Set(existing.map((s) => s.email));
  for (const person of people) {
    if (emails.has(person.email)) {
      throw new AppError('VALIDATION_FAILED', SIGNEE_MESSAGES.alreadyAdded, {
        [person.role]: SIGNEE_MESSAGES.alreadyAdded,
      }).because('SIGNEE_ALREADY_ADDED');
    }
    emails.add(person.email);
  }
  if (existing.length + people.length > SIGNEES_MAX) {
    throw new AppError('CONFLICT', `A document can have at most ${SIGNEES_MAX} signees.`).because(
      'TOO_MANY_SIGNEES',
    );
  }
  const after = Math.max(0, ...existing.map((s) => s.position));
  await tx.insert(signees).values(
    people.map((p, i) => ({
      organizationId: doc.organizationId,
      documentId: doc.id,
      givenName: p.givenName,
      familyName: p.familyName,
      email: p.email,
      level: how.level,
      method: how.method,
      language: p.language ?? how.language,
      position: after + i + 1,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
