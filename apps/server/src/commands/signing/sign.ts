import type { FieldValues, Language } from '@sinetti/contract';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { faultPoint } from '../../lib/fault-points.ts';
import { systemAccess } from '../../policies/system.ts';
import { findProcess, findSignee, type SessionRow } from '../../queries/signing/signees.ts';
import { addSignature, signingCaFromConfig, timestampingFor } from '../../services/pdf/index.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { fullNameOf, readPdf, storePdf, type ClientInfo } from './common.ts';
import { failRoundOn } from './fail-round.ts';
import { checkFieldValues, fieldStampsOf, signeeFields } from './fields.ts';
import type { SessionIdentity } from './identity.ts';
import { pdfRun } from './pdf-run.ts';
import { liveSession } from './session-live.ts';
import { commitSignature, signable } from './sign-commit.ts';
import { checkSignatureImage, signatureMarkOf, type SignatureInput } from './signature-image.ts';

export type { SignatureInput } from './signature-image.ts';

/** What the signee sends to sign: their signature and the values of their fields placed on the document. */
export interface SigningInput {
  signature: SignatureInput;
  fields?: FieldValues | undefined;
}

const IDENTIFIED_WITH: Record<Language, (method: string) => string> = {
  en: (method) => `Identified with ${method}`,
  fi: (method) => `Tunnistettu: ${method}`,
};

/** The stamp's "how" line: the built-in page's own label, or the eID the signee identified with. */
export function stampMethod(
  providers: SigningProviders,
  identity: SessionIdentity | null,
  lang: Language,
): string {
  if (!identity) return providers.page.methodLabel(lang);
  return `${IDENTIFIED_WITH[lang](identity.methodName)}${identity.test ? ' (TEST)' : ''}`;
}

/**
 * What this session must have done before it signs on the built-in page: the e-mailed code (flow code) or
 * the eID identification (flow eid), with a verified name the sender's policy accepts. Flow qtsp signs at
 * the QTSP instead (remote-sign). 409 with the reason otherwise.
 */
export function assertMaySign(
  providers: SigningProviders,
  method: string,
  session: SessionRow,
  nameMismatch: 'continue' | 'stop',
): SessionIdentity | null {
  const flow = providers.method(method)?.flow;
  if (flow === 'code' || flow === undefined) {
    if (!session.codeVerifiedAt) {
      throw new AppError('CONFLICT', 'Confirm the code sent to your e-mail before signing.').because(
        'CODE_NOT_CONFIRMED',
      );
    }
    return null;
  }
  if (flow === 'qtsp') {
    throw new AppError('CONFLICT', 'This signature is made at the trust service provider.').because(
      'WRONG_SIGNING_FLOW',
    );
  }
  const identity = session.identifiedAt ? (session.identity as SessionIdentity | null) : null;
  if (!identity) {
    throw new AppError('CONFLICT', 'Identify yourself with your eID before signing.').because(
      'IDENTIFICATION_REQUIRED',
    );
  }
  assertNameAccepted(identity, nameMismatch);
  return identity;
}

export function assertNameAccepted(identity: SessionIdentity, policy: 'continue' | 'stop'): void {
  if (!identity.nameMatches && policy === 'stop') {
    throw new AppError(
      'CONFLICT',
      'The name your eID verified differs from the one the sender entered, and the sender does not allow signing then.',
    ).because('NAME_MISMATCH');
  }
}

/**
 * Signs for the session's signee on the built-in page (flow code after the e-mailed code, flow eid after the
 * eID identification). The slow part runs first, outside any lock: the signature is added to the working copy
 * as it is now (layout in a PDF worker, CMS here) and stored. Then, under the round's row lock, everything is
 * re-checked; if another signature landed meanwhile, the work is redone on top of it (signatures never
 * interleave). The last signature hands the round to the seal job.
 */
export async function signAsSignee(
  ctx: AppContext,
  providers: SigningProviders,
  sessionToken: string,
  input: SigningInput,
  client: ClientInfo,
): Promise<{ redirect: string }> {
  const { signature } = input;
  const target = await liveSession(ctx, sessionToken);
  const identity = assertMaySign(
    providers,
    target.signee.method,
    target.session,
    target.process.nameMismatch,
  );
  if (!target.session.viewedAt) {
    throw new AppError('CONFLICT', 'Open the document before signing it.').because('DOCUMENT_NOT_VIEWED');
  }
  // The values are checked before anything is drawn, stored or locked.
  const fields = await signeeFields(ctx.db, target.process.documentId, target.signee.id);
  const values = checkFieldValues(fields, input.fields);
  const image = signature.kind === 'drawn' ? checkSignatureImage(signature.image) : null;
  const mark = await signatureMarkOf(pdfRun(ctx, target.process.organizationId), signature);
  const ca = await signingCaFromConfig(ctx.config.signing);
  const tsa = timestampingFor(ctx.config.signing, ca);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const found = await findProcess(ctx.db, target.process.id);
    const now = ctx.clock.now();
    const { process: before, signee } = signable(
      found,
      await findSignee(ctx.db, systemAccess('signing-token', target.document), target.signee.id),
      now,
    );
    const name = identity?.person.name ?? fullNameOf(signee);
    let pdf: Uint8Array;
    try {
      pdf = await addSignature(await readPdf(ctx.blobs, before.currentKey), {
        signer: { name, email: signee.email },
        // The signee's box and stamp read in the language the sender chose for them (issue #31 item 2).
        method: stampMethod(providers, identity, signee.language),
        signedAt: now,
        stampSlot: signee.slot,
        mark,
        lang: signee.language,
        fields: fieldStampsOf(fields, values, { name, signedAt: now, lang: signee.language }),
        ca,
        tsa,
        run: pdfRun(ctx, before.organizationId),
        identified: identity
          ? {
              person: identity.person,
              method: identity.methodName,
              provider: identity.provider,
              test: identity.test,
            }
          : undefined,
      });
    } catch (err) {
      throw await failRoundOn(ctx, before.id, err);
    }
    const stored = await storePdf(ctx.blobs, before.organizationId, pdf);
    await faultPoint('signing.signed-pdf-stored');
    let done: { redirect: string } | null = null;
    try {
      done = await commitSignature(ctx, {
        document: systemAccess('signing-token', target.document),
        processId: before.id,
        signeeId: signee.id,
        sessionId: target.session.id,
        baseKey: before.currentKey,
        stored,
        signature,
        image,
        signedAt: now,
        client,
        evidence: {
          method: signee.method,
          level: signee.level,
          ...(identity ? { identification: identificationSummary(identity) } : {}),
          ...fieldsEvidence(values),
        },
        mayStillSign: (session) => {
          assertMaySign(providers, signee.method, session, before.nameMismatch);
        },
      });
    } finally {
      if (!done) await ctx.blobs.delete(stored.key).catch(() => undefined);
    }
    if (done) return done;
  }
  throw new AppError('CONFLICT', 'Others are signing this document at the same moment. Try again.').because(
    'SIGNING_LOCKED',
  );
}

/** The `signed` event records the values the signee gave their fields (none: no key). */
export function fieldsEvidence(values: Map<string, string | boolean>): {
  fields?: Record<string, string | boolean>;
} {
  return values.size > 0 ? { fields: Object.fromEntries(values) } : {};
}

/** What the `signed` event repeats of the identification (the full evidence is in `identified`). */
export function identificationSummary(identity: SessionIdentity) {
  return {
    method: identity.method,
    provider: identity.provider,
    verifiedName: identity.person.name,
    semanticsIdentifier: identity.person.semanticsIdentifier,
    nameMatches: identity.nameMatches,
    issuer: identity.evidence.issuer,
    kid: identity.evidence.kid,
    test: identity.test,
  };
}

/** Signatures redone when others land first; past this the signee is asked to try again. */
const MAX_ATTEMPTS = 3;
