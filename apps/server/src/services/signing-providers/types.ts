import type { Language, SigneeLevel } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';

/** Who is about to sign and what: the provider's view of one signee in one signing round. */
export interface SigningRequest {
  processId: string;
  signee: { id: string; name: string; email: string; level: SigneeLevel };
  document: { id: string; name: string; versionSha256: string };
  lang: Language;
  now: Date;
}

/** Where the browser goes to sign, and until when that place stays open. */
export interface SigningStart {
  signingUrl: string;
  expiresAt: Date;
}

/**
 * A signing service. The built-in one signs at the simple level inside the app (e-mailed code, drawn or
 * typed signature); advanced and qualified signatures need an eID signing provider that proves the
 * signee's identity with a national eID. Every provider:
 * - declares the levels it serves (the server refuses signees at other levels);
 * - `begin`s a signee's signing and returns the URL their browser goes to (the start call's signingUrl);
 * - names its method for the signature stamp and the certificate of completion.
 */
export interface SigningProvider {
  readonly id: string;
  readonly levels: readonly SigneeLevel[];
  methodLabel(lang: Language): string;
  /** Runs inside the start call's transaction (`tx`), which holds the round's lock. */
  begin(request: SigningRequest, tx: DbOrTx): Promise<SigningStart>;
}

/** What an external eID provider proved about the signee when it returns the browser to the app. */
export interface ProvenIdentity {
  /** The provider's reference of the finished signing (kept in the audit trail). */
  reference: string;
  name: string;
  /** e.g. the personal identity code's hash or the certificate's serial, as the provider reports it. */
  subject: string;
  level: SigneeLevel;
  at: Date;
}

/**
 * An eID provider outside the app: `begin` registers the signing with the provider and returns its page;
 * the provider sends the browser back to `${PUBLIC_URL}/api/signing/provider/<id>/return` with parameters
 * that `complete` turns into the identity it proved (or rejects). The app then adds the signature to the
 * PDF exactly as for the built-in provider, with this provider's method label.
 */
export interface ExternalSigningProvider extends SigningProvider {
  complete(returned: Record<string, string>): Promise<ProvenIdentity>;
}
