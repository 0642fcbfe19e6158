import { z } from 'zod';
import { PERSON_NAME_MAX, SIGNEE_LEVEL } from '../constants.ts';
import { isoDate, language, uuid } from './common.ts';
import { NAME_CHARACTERS_MESSAGE, isDisplaySafe, nameText } from './names.ts';
import { fieldValues } from './fields.ts';
import { signeeEmail } from './signee-email.ts';
import { signeeIdentification, signingMethodId } from './signing-methods.ts';

export * from './signee-email.ts';
export * from './signing-methods.ts';

/** Signee levels (SPEC §3): 1 simple, 10 advanced, 20 qualified. */
export const SIGNEE_LEVELS = [SIGNEE_LEVEL.simple, SIGNEE_LEVEL.advanced, SIGNEE_LEVEL.qualified] as const;
export type SigneeLevel = (typeof SIGNEE_LEVELS)[number];

/** At most this many signees on one document (the signature page lists them all). */
export const SIGNEES_MAX = 50;

/**
 * Signing order (issue #33 item 3): a signee's group, 1 first; signees of one group sign in parallel and a
 * group is e-mailed when every signee of the groups before it has signed. All 1: parallel (the default).
 */
export const signingGroup = z
  .number()
  .int()
  .min(1, { error: 'The signing group is a whole number from 1.' })
  .max(SIGNEES_MAX, { error: `The signing group is at most ${SIGNEES_MAX}.` });
/** The e-mailed signing code: digits, lifetime, wrong tries before it is dead, wait before another. */
export const SIGNING_CODE_LENGTH = 6;
export const SIGNING_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGNING_CODE_MAX_ATTEMPTS = 5;
export const SIGNING_CODE_RESEND_MS = 60 * 1000;
/** Codes one signing session may ask for. */
export const SIGNING_CODE_MAX_SENDS = 5;
/** A drawn signature: PNG of at most this many bytes and pixels per side. */
export const SIGNATURE_IMAGE_MAX_BYTES = 200_000;
export const SIGNATURE_IMAGE_MAX_SIDE = 2000;
export const SIGNATURE_TEXT_MAX = 100;
/** A signee's reason for declining to sign: required, at most this many characters. */
export const DECLINE_REASON_MAX = 500;
/**
 * Locked variant (SPEC §4.2): a signing page sends a heartbeat this often while open; a session not seen
 * for SIGNING_IDLE_MS no longer holds the lock (docs/decisions.md "Locked signing").
 */
export const SIGNING_HEARTBEAT_MS = 60_000;
export const SIGNING_IDLE_MS = 5 * 60_000;

/**
 * Why a signee declines: plain text on one line (line breaks and runs of spaces become one space), required,
 * at most DECLINE_REASON_MAX characters, no control characters or direction overrides.
 */
export const declineInput = z.object({
  reason: z
    .string({ error: 'Say why you decline to sign.' })
    .transform((s) => s.replace(/\s+/g, ' ').trim().normalize('NFC'))
    .pipe(
      z
        .string()
        .min(1, { error: 'Say why you decline to sign.' })
        .max(DECLINE_REASON_MAX, { error: `At most ${DECLINE_REASON_MAX} characters.` })
        .refine(isDisplaySafe, {
          error: 'The reason cannot contain control characters or direction overrides.',
        }),
    ),
});

export const signeeLevel = z.union(
  SIGNEE_LEVELS.map((l) => z.literal(l)) as [z.ZodLiteral<1>, z.ZodLiteral<10>, z.ZodLiteral<20>],
  { error: 'Level must be 1 (simple), 10 (advanced) or 20 (qualified).' },
);

const personName = nameText({ max: PERSON_NAME_MAX, min: 0, message: 'Must be text.' }).default('');

/**
 * Adding a signee. With a method, the level is the method's (a different level given with it is refused).
 * With a level only, the level's first offered method. With neither, SPEC's default level 10 when an eID
 * provider serves it (else 1) and its first method (see `GET signing/levels`).
 */
export const signeeInput = z.object({
  givenName: personName,
  familyName: personName,
  email: signeeEmail,
  level: signeeLevel.optional(),
  method: signingMethodId.optional(),
  /**
   * The signee's language (issue #31 item 2): their e-mails, the public signing pages and their box and stamp
   * on the signature page. Absent: the sender's interface language.
   */
  language: language.optional(),
  /** The signee's signing group (signingGroup); absent: 1. */
  group: signingGroup.optional(),
});

export const SIGNEE_STATUSES = ['pending', 'signing', 'signed', 'declined', 'stopped'] as const;

export const signee = z.object({
  id: uuid,
  /** Given plus family name; the e-mail when both are empty. */
  fullName: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
  /** The language the signee reads: e-mails, public pages, their part of the signature page. */
  language,
  level: signeeLevel,
  /** How the signee signs (one of the price list's methods) and its name for people. */
  method: signingMethodId,
  methodName: z.string(),
  /** What an eID or QTSP proved about the signee in the current round (null until then, or for simple). */
  identification: signeeIdentification.nullable(),
  /**
   * pending (not signed), signing (inside a signing session now), signed, declined (this signee declined
   * the document's latest round, which ended; shown until the document is sent again), stopped (another
   * signee declined the latest round: it ended and no longer waits for this one; until the next send).
   */
  status: z.enum(SIGNEE_STATUSES),
  /** The signee's signing group (signingGroup): 1 first; every signee in 1 is parallel signing. */
  group: signingGroup,
  signedAt: isoDate.nullable(),
  /** With status declined: when and why. */
  declinedAt: isoDate.optional(),
  declineReason: z.string().optional(),
  /** The signee's e-mail is the caller's own. */
  isMe: z.boolean(),
  /** Only for the caller's own signee while the document is out for signing: their signing link. */
  signingLink: z.string().optional(),
});
export type Signee = z.infer<typeof signee>;

/** A link token (256 random bits, base64url) or a signing-session token. */
export const signingToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Not a valid link.' });

/** A file as a data URL, like SPEC's download reply. */
export const fileReply = {
  source: z.string().describe('data:application/pdf;base64,…'),
  name: z.string(),
  sha256: z.string(),
};

export const drawnSignature = z.object({
  kind: z.literal('drawn'),
  /** data:image/png;base64,… (checked to be a PNG within the size limits). */
  image: z
    .string()
    .max(Math.ceil((SIGNATURE_IMAGE_MAX_BYTES * 4) / 3) + 30, { error: 'The drawing is too large.' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'Must be a PNG data URL.' }),
});

export const typedSignature = z.object({
  kind: z.literal('typed'),
  text: z
    .string()
    .trim()
    .min(1, { error: 'Type your name.' })
    .max(SIGNATURE_TEXT_MAX, { error: `At most ${SIGNATURE_TEXT_MAX} characters.` })
    .refine(isDisplaySafe, { error: NAME_CHARACTERS_MESSAGE }),
});

export const signatureInput = z.object({
  signature: z.discriminatedUnion('kind', [drawnSignature, typedSignature], {
    error: 'Draw or type your signature.',
  }),
  intent: z.literal(true, { error: 'Confirm that you intend to sign.' }),
  /** The signee's values for their fields placed on the document (fieldValues); absent: none. */
  fields: fieldValues.optional(),
});

export const auditEvent = z.object({
  seq: z.number().int(),
  type: z.string(),
  at: isoDate,
  actor: z.object({
    /** visitor: someone who opened a share link (id: the link's). */
    kind: z.enum(['member', 'signee', 'system', 'visitor']),
    id: z.string().nullable(),
    label: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  signeeId: uuid.nullable(),
  data: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditChain = z.object({
  valid: z.boolean(),
  length: z.number().int(),
  /** The first event (seq) whose hash or link does not match; null when valid. */
  brokenAt: z.number().int().nullable(),
  reason: z.string().nullable(),
});

/**
 * One step of a signee's progress, from the audit trail (issue 12 item 6): sent, opened, viewed,
 * code-verified, signed, declined, reminded… Unknown types are shown by a generic label. Repeats in a
 * row (opened twice) are one entry: `at` is the first, `lastAt` the last, `count` how many.
 */
export const timelineEntry = z.object({
  type: z.string(),
  at: isoDate,
  lastAt: isoDate,
  count: z.number().int().min(1),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const signeeTimeline = z.object({ signeeId: uuid, events: z.array(timelineEntry) });
export type SigneeTimeline = z.infer<typeof signeeTimeline>;
