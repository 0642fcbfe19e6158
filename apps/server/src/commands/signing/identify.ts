import { flowOfLevel, type SigningMethodId } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { SessionTarget } from '../../queries/signing/links.ts';
import { methodName } from '../../queries/signing/methods.ts';
import type { IdentificationEvidence, VerifiedPerson } from '../../services/eid/types.ts';
import { parseCertificate } from '../../services/eid/csc/certificate.ts';
import { distinguishedName } from '../../services/pdf/verification/cms-check.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { appendSigningEvent, type EventActor } from './audit-chain.ts';
import { fullNameOf } from './common.ts';
import { sameName, type SessionIdentity } from './identity.ts';
import { recordTrip } from './provider-trips.ts';
import { liveSession } from './session-live.ts';
import { assertNameAccepted } from './sign.ts';

/** Subject and issuer of the QTSP credential's certificate (base64 DER), as the certificate of completion shows them. */
function certificateNames(der: string): { subject: string; issuer: string; sha256: string } {
  const cert = parseCertificate(new Uint8Array(Buffer.from(der, 'base64')));
  return {
    subject: distinguishedName(cert.subject),
    issuer: distinguishedName(cert.issuer),
    sha256: sha256Hex(Buffer.from(der, 'base64')),
  };
}

export const returnUriOf = (ctx: AppContext) => `${ctx.config.publicUrl}/public/signing/return`;

/** 409 unless the session's signee signs with `flow`. */
export function assertFlow(target: SessionTarget, flow: 'eid' | 'qtsp'): void {
  if (flowOfLevel(target.signee.level) !== flow) {
    throw new AppError('CONFLICT', 'This step is not part of how this signee signs.').because(
      'WRONG_SIGNING_FLOW',
    );
  }
}

/** The eID or QTSP provider behind the signee's method (409 when it is no longer configured). */
export function providerOf<K extends 'oidc' | 'csc'>(
  providers: SigningProviders,
  kind: K,
  method: string,
): NonNullable<ReturnType<SigningProviders[K]>> {
  const provider = kind === 'oidc' ? providers.oidc(method) : providers.csc(method);
  if (!provider) {
    throw new AppError('CONFLICT', "No signing provider serves this signee's method.").because(
      'NO_PROVIDER_FOR_LEVEL',
    );
  }
  return provider as NonNullable<ReturnType<SigningProviders[K]>>;
}

/** Flow eid: starts the identification at the eID provider; the browser goes to redirectUrl. */
export async function beginIdentification(
  ctx: AppContext,
  providers: SigningProviders,
  sessionToken: string,
): Promise<{ redirectUrl: string }> {
  const target = await liveSession(ctx, sessionToken);
  assertFlow(target, 'eid');
  const provider = providerOf(providers, 'oidc', target.signee.method);
  const redirectUri = returnUriOf(ctx);
  const request = await provider.begin({
    redirectUri,
    lang: target.session.lang,
    method: target.signee.method as SigningMethodId,
  });
  await recordTrip(ctx.db, {
    sessionId: target.session.id,
    kind: 'eid',
    providerId: provider.id,
    request,
    redirectUri,
    now: ctx.clock.now(),
  });
  return { redirectUrl: request.url };
}

/**
 * Keeps what the eID (or the QTSP's certificate) proved on the session and in the audit trail
 * (`identified`, with the provider's signed assertion as evidence). A differing name is recorded either way;
 * with the sender's `stop` policy it then refuses (NAME_MISMATCH) and the session cannot sign.
 */
export async function recordIdentity(
  ctx: AppContext,
  target: SessionTarget,
  found: {
    providerId: string;
    provider: string;
    test: boolean;
    person: VerifiedPerson;
    evidence: IdentificationEvidence;
    credential?: SessionIdentity['credential'];
  },
  actor: EventActor,
): Promise<SessionIdentity> {
  const enteredName = target.signee.givenName || target.signee.familyName ? fullNameOf(target.signee) : '';
  const identity: SessionIdentity = {
    method: target.signee.method as SigningMethodId,
    methodName: await methodName(ctx.db, ctx.config.publicUrl, target.signee.method),
    providerId: found.providerId,
    provider: found.provider,
    test: found.test,
    person: found.person,
    enteredName,
    nameMatches: sameName(enteredName, found.person.name),
    evidence: found.evidence,
    ...(found.credential ? { credential: found.credential } : {}),
  };
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(signingSessions)
      .set({ identifiedAt: now, identity })
      .where(eq(signingSessions.id, target.session.id));
    const { process } = target;
    await appendSigningEvent(tx, {
      organizationId: process.organizationId,
      documentId: process.documentId,
      processId: process.id,
      signeeId: target.signee.id,
      type: 'identified',
      at: now,
      actor,
      data: {
        method: identity.method,
        level: target.signee.level,
        provider: identity.provider,
        test: identity.test,
        verifiedName: identity.person.name,
        semanticsIdentifier: identity.person.semanticsIdentifier,
        country: identity.person.country,
        enteredName,
        nameMatches: identity.nameMatches,
        evidence: {
          ...found.evidence,
          idTokenSha256: found.evidence.idToken ? sha256Hex(found.evidence.idToken) : null,
        },
        ...(found.credential
          ? { qtspCertificate: certificateNames(found.credential.certificates[0] ?? '') }
          : {}),
      },
    });
  });
  assertNameAccepted(identity, target.process.nameMismatch);
  return identity;
}
