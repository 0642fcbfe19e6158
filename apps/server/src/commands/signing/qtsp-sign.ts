import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { faultPoint } from '../../lib/fault-points.ts';
import type { SessionTarget } from '../../queries/signing/links.ts';
import { systemAccess } from '../../policies/system.ts';
import { findProcess, findSignee } from '../../queries/signing/signees.ts';
import { signingCaFromConfig, timestampingFor } from '../../services/pdf/index.ts';
import { completeRemoteSignature, prepareRemoteSignature } from '../../services/pdf/remote-sign.ts';
import type { SignatureLayout } from '../../services/pdf/layout.ts';
import type { CscProvider, ProviderResponse } from '../../services/eid/types.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { readPdf, storePdf, type ClientInfo } from './common.ts';
import { failRoundOn } from './fail-round.ts';
import type { SessionIdentity } from './identity.ts';
import { assertFlow, providerOf, returnUriOf } from './identify.ts';
import { pdfRun } from './pdf-run.ts';
import { recordTrip, type TripRow } from './provider-trips.ts';
import { liveSession } from './session-live.ts';
import { checkFieldValues, fieldStampsOf, signeeFields } from './fields.ts';
import { commitSignature, signable } from './sign-commit.ts';
import { fieldsEvidence, identificationSummary, stampMethod, type SigningInput } from './sign.ts';
import { checkSignatureImage, signatureMarkOf, type SignatureInput } from './signature-image.ts';

/** What the second QTSP step needs, kept in the trip's `data` (binary as base64). */
interface PreparedData {
  signature: SignatureInput;
  /** The values of the signee's fields as checked (drawn in `update`), for the `signed` event. */
  fields?: Record<string, string | boolean>;
  baseKey: string;
  signedAt: string;
  update: string;
  contentsStart: number;
  contentsEnd: number;
  digest: string;
  signedAttributes: string;
  hash: string;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/**
 * Flow qtsp, step 1: the signee has drawn or typed their signature and confirmed their intent; they now sign
 * in at the QTSP so that their credential (qualified certificate) can be read.
 */
export async function beginRemoteSigning(
  ctx: AppContext,
  providers: SigningProviders,
  sessionToken: string,
  input: SigningInput,
): Promise<{ redirectUrl: string }> {
  const { signature } = input;
  const target = await liveSession(ctx, sessionToken);
  assertFlow(target, 'qtsp');
  if (!target.session.viewedAt) {
    throw new AppError('CONFLICT', 'Open the document before signing it.').because('DOCUMENT_NOT_VIEWED');
  }
  if (signature.kind === 'drawn') checkSignatureImage(signature.image);
  // Checked now, before the trip to the QTSP; kept with the trip until the signature is made after it.
  checkFieldValues(await signeeFields(ctx.db, target.process.documentId, target.signee.id), input.fields);
  const provider = providerOf(providers, 'csc', target.signee.method);
  const redirectUri = returnUriOf(ctx);
  const request = await provider.beginService({ redirectUri, lang: target.session.lang });
  await recordTrip(ctx.db, {
    sessionId: target.session.id,
    kind: 'csc-service',
    providerId: provider.id,
    request,
    redirectUri,
    data: { signature, ...(input.fields ? { fields: input.fields } : {}) },
    now: ctx.clock.now(),
  });
  return { redirectUrl: request.url };
}

/**
 * Flow qtsp, step 2 (back from signing in): the credential is known, so the signature's update is laid out
 * with the QTSP's certificate and the signee authorizes exactly its hash at the QTSP (SCAL2).
 */
export async function prepareAtQtsp(
  ctx: AppContext,
  providers: SigningProviders,
  target: SessionTarget,
  identity: SessionIdentity,
  input: SigningInput,
  provider: CscProvider,
): Promise<{ redirectUrl: string }> {
  const { signature } = input;
  const credential = identity.credential;
  if (!credential) throw new Error('A QTSP identity without its credential');
  const now = ctx.clock.now();
  const { process, signee } = signable(
    await findProcess(ctx.db, target.process.id),
    await findSignee(ctx.db, systemAccess('signing-token', target.document), target.signee.id),
    now,
  );
  const fields = await signeeFields(ctx.db, process.documentId, signee.id);
  const values = checkFieldValues(fields, input.fields);
  const run = pdfRun(ctx, process.organizationId);
  const mark = await signatureMarkOf(run, signature);
  const ca = await signingCaFromConfig(ctx.config.signing);
  const tsa = timestampingFor(ctx.config.signing, ca);
  let prepared: Awaited<ReturnType<typeof prepareRemoteSignature>>;
  try {
    prepared = await prepareRemoteSignature(await readPdf(ctx.blobs, process.currentKey), {
      certificates: credential.certificates.map(bytes),
      field: {
        fieldPrefix: 'Signee',
        stamp: {
          slot: signee.slot,
          text: {
            name: identity.person.name,
            email: signee.email,
            signedAt: now,
            method: stampMethod(providers, identity, signee.language),
            lang: signee.language,
            mark,
          },
        },
        signedAt: now,
        name: identity.person.name,
        fields: fieldStampsOf(fields, values, {
          name: identity.person.name,
          signedAt: now,
          lang: signee.language,
        }),
      },
      run,
      tsa,
    });
  } catch (err) {
    throw await failRoundOn(ctx, process.id, err);
  }
  const redirectUri = returnUriOf(ctx);
  const request = await provider.beginCredential({
    redirectUri,
    lang: target.session.lang,
    credentialId: credential.credentialId,
    hash: prepared.hash,
  });
  const data: PreparedData = {
    signature,
    ...fieldsEvidence(values),
    baseKey: process.currentKey,
    signedAt: now.toISOString(),
    update: b64(prepared.layout.update),
    contentsStart: prepared.layout.contentsStart,
    contentsEnd: prepared.layout.contentsEnd,
    digest: b64(prepared.layout.digest),
    signedAttributes: b64(prepared.signedAttributes),
    hash: b64(prepared.hash),
  };
  await recordTrip(ctx.db, {
    sessionId: target.session.id,
    kind: 'csc-credential',
    providerId: provider.id,
    request,
    redirectUri,
    data,
    now,
  });
  return { redirectUrl: request.url };
}

/**
 * Flow qtsp, step 3 (back from authorizing): the QTSP signs the authorized hash; the CMS with its chain and
 * a signature time-stamp goes into the prepared update, and the signature is recorded like any other. The
 * round is locked by this signee's session meanwhile; if the working copy changed anyway, nothing is kept
 * (REMOTE_SIGNING_STALE) and the signee signs again.
 */
export async function finishAtQtsp(
  ctx: AppContext,
  providers: SigningProviders,
  target: SessionTarget,
  trip: TripRow,
  response: ProviderResponse,
  client: ClientInfo,
): Promise<{ redirect: string }> {
  const identity = target.session.identity as SessionIdentity | null;
  const credential = identity?.credential;
  const data = trip.data as PreparedData | null;
  if (!identity || !credential || !data) {
    throw new AppError('CONFLICT', 'Sign in at the trust service provider again.').because(
      'REMOTE_AUTHORIZATION_FAILED',
    );
  }
  const provider = providerOf(providers, 'csc', target.signee.method);
  const { signature: value } = await provider.finishCredential(
    response,
    { state: response.state, codeVerifier: trip.codeVerifier, redirectUri: trip.redirectUri },
    { credentialId: credential.credentialId, hash: bytes(data.hash), signAlgo: credential.signAlgo },
  );
  const process = await findProcess(ctx.db, target.process.id);
  if (!process || process.currentKey !== data.baseKey) throw stale();
  const ca = await signingCaFromConfig(ctx.config.signing);
  const layout: SignatureLayout = {
    update: bytes(data.update),
    contentsStart: data.contentsStart,
    contentsEnd: data.contentsEnd,
    digest: bytes(data.digest),
  };
  let pdf: Uint8Array;
  try {
    pdf = await completeRemoteSignature(await readPdf(ctx.blobs, data.baseKey), {
      layout,
      signedAttributes: bytes(data.signedAttributes),
      signature: value,
      certificates: credential.certificates.map(bytes),
      signAlgo: credential.signAlgo,
      tsa: timestampingFor(ctx.config.signing, ca),
    });
  } catch (err) {
    throw await failRoundOn(ctx, process.id, err);
  }
  const stored = await storePdf(ctx.blobs, process.organizationId, pdf);
  await faultPoint('signing.signed-pdf-stored');
  const image = data.signature.kind === 'drawn' ? checkSignatureImage(data.signature.image) : null;
  let done: { redirect: string } | null = null;
  try {
    done = await commitSignature(ctx, {
      document: systemAccess('signing-token', target.document),
      processId: process.id,
      signeeId: target.signee.id,
      sessionId: target.session.id,
      baseKey: data.baseKey,
      stored,
      signature: data.signature,
      image,
      signedAt: new Date(data.signedAt),
      client,
      evidence: {
        method: target.signee.method,
        level: target.signee.level,
        identification: identificationSummary(identity),
        ...(data.fields ? { fields: data.fields } : {}),
        qtsp: {
          credentialId: credential.credentialId,
          qualified: credential.qualified,
          signAlgo: credential.signAlgo,
        },
      },
      mayStillSign: () => undefined,
    });
  } finally {
    if (!done) await ctx.blobs.delete(stored.key).catch(() => undefined);
  }
  if (!done) throw stale();
  return done;
}

const stale = () =>
  new AppError(
    'CONFLICT',
    'The document changed while you were at the trust service provider. Sign again.',
  ).because('REMOTE_SIGNING_STALE');
