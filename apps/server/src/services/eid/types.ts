import type { Language, SigningMethodId } from '@sinetti/contract';

/**
 * eID providers (issue #29). Two kinds, each reached through one adapter whether the far end is a real
 * service or the built-in TEST stand-in:
 * - `oidc`: an eID broker or national scheme speaking OpenID Connect (advanced signatures): identifies the
 *   signee, who then signs on Sinetti's page with a one-time certificate naming the verified person;
 * - `csc`: a qualified trust service provider's Cloud Signature Consortium API v2 (qualified signatures):
 *   the QTSP signs the PDF's hash with the signee's own key after the signee authorizes it there (SCAL2).
 */

/** The person an eID or a QTSP certificate verified. */
export interface VerifiedPerson {
  /** The full name as verified (given and family name joined when the scheme gives no full name). */
  name: string;
  givenName: string;
  familyName: string;
  /**
   * ETSI EN 319 412-1 §5.1.3 semantics identifier for the certificate's serialNumber, when the scheme gives
   * an identifier that is not a national identity number in the clear (e.g. "IDCFI-" + FINUID); else null.
   */
  semanticsIdentifier: string | null;
  /** ISO 3166-1 alpha-2 country of the scheme, when known. */
  country: string | null;
}

/** The provider's signed assertion, kept as evidence in the audit trail and the certificate of completion. */
export interface IdentificationEvidence {
  /** Issuer (`iss`) of the ID token, or the CSC service's base URL. */
  issuer: string;
  /** Subject (`sub`) at the provider: a pairwise or scheme pseudonym. */
  subject: string;
  /** The signed ID token (compact JWS; the inner token when it came encrypted); null for CSC. */
  idToken: string | null;
  /** The JWS header's `kid` and `alg`: which key of the provider's JWKS signed it. */
  kid: string | null;
  alg: string | null;
  /** The ID token came encrypted (JWE) to Sinetti's key. */
  encrypted: boolean;
  /** Authentication context and time as the provider stated them. */
  acr: string | null;
  authTime: string | null;
}

/** Why a provider round trip failed: becomes the reason of a 409 (or 503 for `unavailable`). */
export type EidFailure =
  /** The signee cancelled at the provider (error=access_denied and similar). */
  | 'cancelled'
  /** The answer was refused: state, nonce, signature, audience, issuer, expiry, encryption, replay. */
  | 'failed'
  /** The provider cannot be reached or answered 5xx. */
  | 'unavailable'
  /** (CSC) the authorization of the signature expired or was refused. */
  | 'authorization';

export class EidError extends Error {
  constructor(
    readonly failure: EidFailure,
    message: string,
  ) {
    super(message);
    this.name = 'EidError';
  }
}

/** One authorization request's secrets, kept server-side until the browser comes back. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the browser brought back from the provider. */
export interface ProviderResponse {
  state: string;
  code?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
}

interface EidProviderBase {
  /** Stable id, e.g. "test-eid", "ftn-broker". */
  readonly id: string;
  /** The price-list methods this provider serves. */
  readonly methods: readonly SigningMethodId[];
  /** A built-in TEST stand-in (refused in production). */
  readonly test: boolean;
  /** Host of the issuer or service, shown to people ("Identified with FTN via idp.example"). */
  readonly displayHost: string;
}

/** An OpenID Connect eID (advanced level): identify the signee. */
export interface OidcEidProvider extends EidProviderBase {
  readonly kind: 'oidc';
  /** Authorization code + PKCE (S256), state, nonce; `redirectUri` is Sinetti's return page. */
  begin(opts: {
    redirectUri: string;
    lang: Language;
    method: SigningMethodId;
  }): Promise<AuthorizationRequest>;
  /**
   * Checks the response against the stored request (state, then the code exchange with the client's
   * authentication, then the ID token: signature by the provider's JWKS, iss, aud, exp, nonce, and
   * decryption where the provider is configured to require it). Throws EidError.
   */
  finish(
    response: ProviderResponse,
    request: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<{ person: VerifiedPerson; evidence: IdentificationEvidence }>;
}

/** The signee's signing credential at a QTSP. */
export interface RemoteCredential {
  credentialId: string;
  /** DER certificates, the signer's first, then its issuers. */
  certificates: Uint8Array[];
  /** The signature algorithm OID the credential signs with, e.g. 1.2.840.10045.4.3.2 (ECDSA with SHA-256). */
  signAlgo: string;
  person: VerifiedPerson;
  /** The certificate carries ETSI QC statements (QcCompliance and QcSSCD). */
  qualified: boolean;
}

/** A QTSP's CSC API v2 (qualified level): the QTSP signs with the signee's key after they authorize it. */
export interface CscProvider extends EidProviderBase {
  readonly kind: 'csc';
  /** Step 1: the signee signs in at the QTSP (OAuth2 `service` scope) so that their credential can be read. */
  beginService(opts: { redirectUri: string; lang: Language }): Promise<AuthorizationRequest>;
  /** Step 1 back: exchange the code; read the signee's credential (credentials/list and credentials/info). */
  finishService(
    response: ProviderResponse,
    request: { state: string; codeVerifier: string; redirectUri: string },
  ): Promise<{ credential: RemoteCredential; evidence: IdentificationEvidence }>;
  /**
   * Step 2: the signee authorizes this one signature (OAuth2 `credential` scope with credentialID,
   * numSignatures=1 and the hash: SCAL2 binds the authorization to it).
   */
  beginCredential(opts: {
    redirectUri: string;
    lang: Language;
    credentialId: string;
    /** SHA-256 of the CMS signed attributes (what the QTSP signs). */
    hash: Uint8Array;
  }): Promise<AuthorizationRequest>;
  /** Step 2 back: exchange the code for the credential token (SAD) and have the QTSP sign the hash. */
  finishCredential(
    response: ProviderResponse,
    request: { state: string; codeVerifier: string; redirectUri: string },
    sign: { credentialId: string; hash: Uint8Array; signAlgo: string },
  ): Promise<{ signature: Uint8Array }>;
}

export type EidProvider = OidcEidProvider | CscProvider;
