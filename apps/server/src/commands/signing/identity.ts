import type { SigneeIdentification, SigningMethodId } from '@sinetti/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingSessions } from '../../db/schema/index.ts';
import type { IdentificationEvidence, VerifiedPerson } from '../../services/eid/types.ts';

/**
 * What an eID (flow eid) or a QTSP's certificate (flow qtsp) proved about the signee in one session, kept in
 * `signing_sessions.identity`; the evidence also goes into the audit trail (event `identified`).
 */
export interface SessionIdentity {
  method: SigningMethodId;
  methodName: string;
  providerId: string;
  /** Host of the provider's issuer or service. */
  provider: string;
  test: boolean;
  person: VerifiedPerson;
  /** The name the sender entered (empty when they gave only the e-mail). */
  enteredName: string;
  nameMatches: boolean;
  evidence: IdentificationEvidence;
  /** Flow qtsp: the signee's credential at the QTSP (used by the signature step). */
  credential?: { credentialId: string; certificates: string[]; signAlgo: string; qualified: boolean };
}

/** Case, accents, punctuation, spacing and word order aside: "Äijälä  Seija" matches "seija aijala". */
export function sameName(entered: string, verified: string): boolean {
  const words = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLocaleLowerCase('en')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .sort()
      .join(' ');
  return entered.trim() === '' || words(entered) === words(verified);
}

export function presentIdentification(identity: SessionIdentity, at: Date): SigneeIdentification {
  return {
    method: identity.method,
    methodName: identity.methodName,
    name: identity.person.name,
    nameMatches: identity.nameMatches,
    provider: identity.provider,
    test: identity.test,
    at: at.toISOString(),
  };
}

/** The latest identification of each signee in the round (for the signees panel). */
export async function identificationsOf(
  db: DbOrTx,
  processId: string,
): Promise<Map<string, SigneeIdentification>> {
  const rows = await db
    .select({
      signeeId: signingSessions.signeeId,
      identity: signingSessions.identity,
      at: signingSessions.identifiedAt,
    })
    .from(signingSessions)
    .where(and(eq(signingSessions.processId, processId), isNotNull(signingSessions.identifiedAt)))
    .orderBy(desc(signingSessions.identifiedAt));
  const out = new Map<string, SigneeIdentification>();
  for (const row of rows) {
    if (out.has(row.signeeId) || !row.identity || !row.at) continue;
    out.set(row.signeeId, presentIdentification(row.identity as SessionIdentity, row.at));
  }
  return out;
}
