import { z } from 'zod';
import { SIGNEE_LEVEL } from '../constants.ts';
import { isoDate } from './common.ts';

const { simple, advanced, qualified } = SIGNEE_LEVEL;

/**
 * The 28 signing methods of SPEC's price list with the level each one signs at (issue #29). Which of them
 * this instance can actually use depends on its configured eID providers (`GET signing/levels`).
 */
export const SIGNING_METHODS = [
  { id: 'ee-id-card', level: qualified },
  { id: 'ee-mobile-id', level: qualified },
  { id: 'lt-mobile-id', level: qualified },
  { id: 'it-spid', level: advanced },
  { id: 'smart-id', level: qualified },
  { id: 'lt-id-card', level: qualified },
  { id: 'lv-id-card', level: qualified },
  { id: 'fi-id-card', level: qualified },
  { id: 'usb-token-1', level: qualified },
  { id: 'usb-token-2', level: qualified },
  { id: 'at-mobile-signature', level: qualified },
  { id: 'lv-mobile-esignature', level: qualified },
  { id: 'email-sms', level: simple },
  { id: 'fi-trust-network', level: advanced },
  { id: 'bg-evrotrust', level: qualified },
  { id: 'cz-mojeid', level: advanced },
  { id: 'identity-provider', level: simple },
  { id: 'se-bankid', level: advanced },
  { id: 'de-sign-me', level: qualified },
  { id: 'pt-chave-movel', level: qualified },
  { id: 'dk-mitid', level: advanced },
  { id: 'no-bankid', level: advanced },
  { id: 'nl-verifai', level: advanced },
  { id: 'nl-idin', level: advanced },
  { id: 'se-freja-eid', level: advanced },
  { id: 'pl-simply-sign', level: qualified },
  { id: 'host-email-sms', level: simple },
  { id: 'es-uanataca', level: qualified },
] as const;

export type SigningMethodId = (typeof SIGNING_METHODS)[number]['id'];
export const SIGNING_METHOD_IDS = SIGNING_METHODS.map((m) => m.id) as [SigningMethodId, ...SigningMethodId[]];

/** The built-in method: the e-mailed code on this instance's own signing page (the price list's `{host}`). */
export const BUILT_IN_METHOD: SigningMethodId = 'host-email-sms';

export const signingMethodId = z.enum(SIGNING_METHOD_IDS, { error: 'Unknown signing method.' });

/** The level a method signs at. */
export function levelOfMethod(id: SigningMethodId): 1 | 10 | 20 {
  const found = SIGNING_METHODS.find((m) => m.id === id);
  if (!found) throw new Error(`Unknown signing method ${id}`);
  return found.level;
}

/**
 * How a signee signs with their method:
 * - `code`: the built-in page, an e-mailed code (simple);
 * - `eid`: identify with an eID through OpenID Connect, then sign on the built-in page (advanced);
 * - `qtsp`: draw or type on the built-in page, then authorize the signature at a qualified trust service
 *   provider, which signs the hash with the signee's own key (qualified, CSC API v2).
 */
export const SIGNING_FLOWS = ['code', 'eid', 'qtsp'] as const;
export const signingFlow = z.enum(SIGNING_FLOWS);
export type SigningFlow = z.infer<typeof signingFlow>;

/** Each level has one flow: simple signs with the e-mailed code, advanced after an eID, qualified at a QTSP. */
export function flowOfLevel(level: number): SigningFlow {
  return level === advanced ? 'eid' : level === qualified ? 'qtsp' : 'code';
}

/** A method the sender can choose for a signee: its name, level, price on the plan, and whether it is a TEST stand-in. */
export const signingMethodOption = z.object({
  id: signingMethodId,
  name: z.string(),
  level: z.union([z.literal(1), z.literal(10), z.literal(20)]),
  /** Price of one signature on the organization's plan (cents); null when the plan does not offer the level. */
  priceCents: z.number().int().nullable(),
  /** Served by a built-in TEST stand-in (never in production): signatures made with it prove nothing. */
  test: z.boolean(),
});
export type SigningMethodOption = z.infer<typeof signingMethodOption>;

/** What an eID or a QTSP proved about a signee in the current signing round. */
export const signeeIdentification = z.object({
  method: signingMethodId,
  methodName: z.string(),
  /** The name as the provider verified it. */
  name: z.string(),
  /** The verified name matches the name the sender entered (case, accents and spacing aside). */
  nameMatches: z.boolean(),
  /** The provider (its issuer or service URL host). */
  provider: z.string(),
  test: z.boolean(),
  at: isoDate,
});
export type SigneeIdentification = z.infer<typeof signeeIdentification>;

/** What the sender decided for a verified name that differs from the one entered: go on (shown to all) or stop. */
export const NAME_MISMATCH_POLICIES = ['continue', 'stop'] as const;
export const nameMismatchPolicy = z.enum(NAME_MISMATCH_POLICIES);
export type NameMismatchPolicy = z.infer<typeof nameMismatchPolicy>;
