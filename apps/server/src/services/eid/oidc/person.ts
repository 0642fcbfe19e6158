import type { IDToken } from 'openid-client';
import { EidError, type IdentificationEvidence, type VerifiedPerson } from '../types.ts';

/** How an eID's claims map to a person: Finnish Trust Network, or plain OpenID Connect profile claims. */
export type ClaimsProfile = 'ftn' | 'standard';

/** FTN levels of assurance (Traficom): substantial and high; an advanced signature needs one of them. */
export const FTN_ACR_VALUES = ['http://ftn.ficora.fi/2017/loa3', 'http://ftn.ficora.fi/2017/loa2'] as const;

/** FINUID (sähköinen asiointitunnus): nine digits and a check character. */
const FINUID = /^\d{9}[0-9A-Z]$/;

const NAME_MAX = 200;

function nameClaim(claims: IDToken, key: string, required: boolean): string {
  const value = claims[key];
  const text = typeof value === 'string' ? value.trim() : '';
  if ((required && !text) || text.length > NAME_MAX) {
    throw new EidError('failed', `The eID's ID token has no usable ${key} claim.`);
  }
  return text;
}

/**
 * The verified person of an ID token. For FTN the semantics identifier is `IDCFI-` + FINUID (`satu`) when
 * the broker gives one; a national identity number (`hetu` and the like) is never used for it.
 */
export function personFromClaims(
  claims: IDToken,
  profile: ClaimsProfile,
  country: string | null,
): VerifiedPerson {
  const givenName = nameClaim(claims, 'given_name', true);
  const familyName = nameClaim(claims, 'family_name', true);
  const name = nameClaim(claims, 'name', false) || `${givenName} ${familyName}`;
  if (profile === 'standard') {
    return { name, givenName, familyName, semanticsIdentifier: null, country };
  }
  if (!FTN_ACR_VALUES.includes(claims.acr as (typeof FTN_ACR_VALUES)[number])) {
    throw new EidError('failed', 'The eID did not state a Finnish Trust Network level of assurance.');
  }
  const satu = typeof claims.satu === 'string' ? claims.satu.trim().toUpperCase() : '';
  return {
    name,
    givenName,
    familyName,
    semanticsIdentifier: FINUID.test(satu) ? `IDCFI-${satu}` : null,
    country: country ?? 'FI',
  };
}

/** The decoded protected header of a compact JWS. */
export function jwsHeader(jws: string): { kid: string | null; alg: string | null } {
  const [protectedHeader = ''] = jws.split('.');
  try {
    const header = JSON.parse(Buffer.from(protectedHeader, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return {
      kid: typeof header.kid === 'string' ? header.kid : null,
      alg: typeof header.alg === 'string' ? header.alg : null,
    };
  } catch {
    return { kid: null, alg: null };
  }
}

/** The payload of a compact JWS (already verified by openid-client; read to tie it to the checked claims). */
export function jwsPayload(jws: string): Record<string, unknown> | null {
  const [, payload = ''] = jws.split('.');
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function evidenceOf(claims: IDToken, idToken: string, encrypted: boolean): IdentificationEvidence {
  const { kid, alg } = jwsHeader(idToken);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    idToken,
    kid,
    alg,
    encrypted,
    acr: typeof claims.acr === 'string' ? claims.acr : null,
    authTime: typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000).toISOString() : null,
  };
}
