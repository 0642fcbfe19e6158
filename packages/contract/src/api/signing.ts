import { z } from 'zod';
import { SIGNING_MESSAGE_MAX, SIGNING_REMINDER_MAX_DAYS, SIGNING_REMIND_INTERVAL_MS } from '../constants.ts';
import { DAY_PATTERN } from '../helsinki-day.ts';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk, statusReply } from '../envelope.ts';
import { CONTROL_CHARACTERS, idParams, isoDate, uuid } from './common.ts';
import { document, documentAbilities } from './document-model.ts';
import {
  auditChain,
  auditEvent,
  fileReply,
  signee,
  signeeTimeline,
  signeeInput,
  signeeLevel,
  signingGroup,
  SIGNEES_MAX,
  signingMethodId,
  signingMethodOption,
  nameMismatchPolicy,
} from './signing-model.ts';

export * from './signing-model.ts';
import { publicSigning } from './signing-public.ts';

const docParams = z.object({ docId: uuid });
const SIGNING_REMIND_INTERVAL_HOURS = SIGNING_REMIND_INTERVAL_MS / 3600_000;

/** What the sender chooses when sending (issue 12 items 6 and 7); every field optional. */
export const sendOptions = z.object({
  /** Plain text to the signees, shown (escaped) in the request and reminder e-mails. */
  message: z
    .string()
    .trim()
    .max(SIGNING_MESSAGE_MAX, { error: `The message can be at most ${SIGNING_MESSAGE_MAX} characters.` })
    .refine((s) => !CONTROL_CHARACTERS.test(s), { error: 'The message must be plain text.' })
    .optional(),
  /** The Helsinki day at whose end an unfinished round expires (default: quote.expiry.defaultOn). */
  expiresOn: z.string().regex(DAY_PATTERN, { error: 'Give the day as YYYY-MM-DD.' }).optional(),
  /** Remind signees who have not signed every this many days; null or absent: no automatic reminders. */
  reminderDays: z.number().int().min(1).max(SIGNING_REMINDER_MAX_DAYS).nullable().optional(),
  /** The sender was told that the PDF will be rewritten (signatures already in it are lost) and accepts it. */
  acceptRewrite: z.boolean().optional(),
  /**
   * When an eID or QTSP verifies a name that differs from the one entered for the signee: `continue`
   * (default: the signee signs, and both names are shown to everyone) or `stop` (the signee cannot sign).
   */
  nameMismatch: nameMismatchPolicy.optional(),
  /**
   * Signing order (issue #33 item 3): the group of each named signee of the document, stored on the signee
   * before sending (signees not named keep theirs). Only the lowest group is e-mailed at send; the next one
   * when the group before has signed. Every signee in one group (all 1): parallel, as without it.
   */
  signingOrder: z
    .array(z.object({ signeeId: uuid, group: signingGroup }))
    .max(SIGNEES_MAX)
    .optional(),
});
export type SendOptions = z.infer<typeof sendOptions>;

const sendReply = statusReply(['OK', 'LIMIT_LOW_BALANCE'], {
  document,
  /** With LIMIT_LOW_BALANCE: the balance and what the signatures cost (cents). */
  balance: z.number().int().optional(),
  required: z.number().int().optional(),
});

const sendSummary =
  'Charge every signee at its level and send the document for signing (state Signing, a link e-mailed to ' +
  'each signee). LIMIT_LOW_BALANCE changes nothing. A document already out for signing is CONFLICT.';

/**
 * What the analysis of the document's PDF found that the sender should know before sending (issue #30
 * item 4). Content hidden from view but inside the signed bytes can be shown later (a "shadow attack"):
 * signees would have signed something they could not see.
 */
export const pdfFindings = z.object({
  /** Optional content groups (layers) hidden by default (/OCProperties /D /OFF or /BaseState /OFF). */
  hiddenLayers: z.number().int().min(0),
  /** Stream objects (page content, forms, images) that nothing in the document refers to. */
  unreferencedStreams: z.number().int().min(0),
  /**
   * The DocMDP permission (1-3) of a certification signature already in the PDF, or null. Any certified
   * PDF is refused at send (PDF_CERTIFIED): the signature pages Sinetti adds are a change no P allows.
   */
  certification: z.number().int().min(1).max(3).nullable(),
  /** Signature fields that already hold a signature (they stay valid; they do not cover what is added). */
  signatures: z.number().int().min(0),
});
export type PdfFindings = z.infer<typeof pdfFindings>;

/** What sending would cost now, computed as the send charges it (issue 12 item 7). Amounts in cents. */
export const signingQuote = z.object({
  currency: z.string(),
  signees: z.array(
    z.object({
      id: uuid,
      email: z.string(),
      level: signeeLevel,
      method: signingMethodId,
      methodName: z.string(),
      priceCents: z.number().int(),
    }),
  ),
  totalCents: z.number().int(),
  /**
   * The balance figures are null when the caller may not see the organization's balance (organization
   * view balance, permission 3): they get the costs only.
   */
  balanceCents: z.number().int().nullable(),
  balanceAfterCents: z.number().int().nullable(),
  /**
   * Whether the balance covers the total (a send would not answer LIMIT_LOW_BALANCE); null with the
   * balance hidden, since it too tells about the balance.
   */
  enough: z.boolean().nullable(),
  /** The expiry days the sender can pick (Helsinki days, inclusive) and the default. */
  expiry: z.object({ minOn: z.string(), maxOn: z.string(), defaultOn: z.string() }),
  /** What the analysis of the PDF found (pdfFindings); null while it is not analysed or could not be read. */
  pdfFindings: pdfFindings.nullable().optional(),
});
export type SigningQuote = z.infer<typeof signingQuote>;

/**
 * SPEC §7.5 signing/. Member calls (organization access) need documents edit (22) to change and
 * documents view (18) to read. Public calls take the signee's link token (e-mailed, unguessable) or a
 * signing-session token; they are rate-limited per client address.
 */
const memberCalls = {
  addSignee: endpoint({
    id: 'signing.addSignee',
    method: 'POST',
    path: '/signing/signee/:docId',
    access: 'organization',
    summary:
      'Add a signee to a contract or template below Signing. Without level: the highest level a configured ' +
      'signing provider serves; a level no provider serves is refused.',
    params: docParams,
    body: signeeInput,
    reply: okReply({ signee }),
  }),
  signees: endpoint({
    id: 'signing.signees',
    method: 'GET',
    path: '/signing/signees/:docId',
    access: 'organization',
    summary:
      "The document's signees in signing order (the caller's own entry carries its signing link), and what " +
      'the caller may do with the document now.',
    params: docParams,
    reply: okReply({
      signees: z.array(signee),
      /**
       * Whose turn it is (issue #33 item 3): the group of signees who may sign now (the lowest group with a
       * signee who has not signed) while the document is out for signing; null otherwise. With every signee
       * in one group (parallel) it is that group.
       */
      currentGroup: signingGroup.nullable(),
      /** The signees are in more than one group: they sign in order. */
      ordered: z.boolean(),
      abilities: documentAbilities.extend({
        /** The caller is a signee who has not signed, the round is open and their entry carries a signing link. */
        signNow: z.boolean(),
      }),
    }),
  }),
  deleteSignee: endpoint({
    id: 'signing.deleteSignee',
    method: 'GET',
    path: '/signing/delete/signee/:id',
    access: 'organization',
    summary: 'Remove a signee (only below Signing).',
    params: idParams,
    reply: simpleOk,
  }),
  levels: endpoint({
    id: 'signing.levels',
    method: 'GET',
    path: '/signing/levels',
    access: 'organization',
    summary:
      'The signee levels and signing methods that the configured providers serve (priced on the plan), and ' +
      'the default for new signees: SPEC level 10 when an eID provider serves it, else 1 (fallback true).',
    reply: okReply({
      levels: z.array(signeeLevel),
      default: signeeLevel,
      /** Offered methods, the default first within each level. */
      methods: z.array(signingMethodOption),
      /** No eID provider is configured: only simple signatures, and the default fell back to 1. */
      fallback: z.boolean(),
    }),
  }),
  send: endpoint({
    id: 'signing.send',
    method: 'GET',
    path: '/signing/send/:docId',
    access: 'organization',
    summary:
      'Charge every signee at its level and send the document for signing (state Signing, a link e-mailed to ' +
      'each signee). LIMIT_LOW_BALANCE changes nothing. A document already out for signing is CONFLICT. A PDF ' +
      'that cannot be kept byte for byte is CONFLICT PDF_REWRITE_NEEDED unless acceptRewrite is true; a ' +
      'certified (DocMDP) PDF is CONFLICT PDF_CERTIFIED.',
    params: docParams,
    query: z.object({
      /** The sender was told that the PDF will be rewritten (signatures already in it are lost) and accepts it. */
      acceptRewrite: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => v === 'true'),
    }),
    reply: sendReply,
  }),
  sendWithOptions: endpoint({
    id: 'signing.sendWithOptions',
    method: 'POST',
    path: '/signing/send/:docId',
    access: 'organization',
    summary: `${sendSummary} With a message to the signees, the expiry day and automatic reminders.`,
    params: docParams,
    body: sendOptions,
    reply: sendReply,
  }),
  quote: endpoint({
    id: 'signing.quote',
    method: 'GET',
    path: '/signing/quote/:docId',
    access: 'organization',
    summary:
      'What sending the document would cost now (per signee and in total), the balance before and after, and ' +
      'the expiry days the sender can choose. Needs documents edit.',
    params: docParams,
    reply: okReply({ quote: signingQuote }),
  }),
  remind: endpoint({
    id: 'signing.remind',
    method: 'POST',
    path: '/signing/remind/:docId',
    access: 'organization',
    summary:
      'E-mail a reminder to one signee (signeeId) or to every signee who has not signed, while the document ' +
      `is out for signing. A signee is reminded at most once in ${SIGNING_REMIND_INTERVAL_HOURS} hours ` +
      '(REMIND_TOO_SOON with details.retryAt).',
    params: docParams,
    body: z.object({ signeeId: uuid.optional() }),
    reply: okReply({ reminded: z.array(uuid), nextReminderAt: isoDate }),
  }),
  cancel: endpoint({
    id: 'signing.cancel',
    method: 'GET',
    path: '/signing/cancel/:docId',
    access: 'organization',
    summary:
      'Cancel signing (only while Signing): back to Draft, signatures made so far discarded, unused charges ' +
      'refunded, every signee e-mailed.',
    params: docParams,
    reply: okReply({ document }),
  }),
  audit: endpoint({
    id: 'signing.audit',
    method: 'GET',
    path: '/signing/audit/:docId',
    access: 'organization',
    summary: "The document's signing audit trail (hash-chained) and the result of checking the chain.",
    params: docParams,
    reply: okReply({ events: z.array(auditEvent), chain: auditChain }),
  }),
  timeline: endpoint({
    id: 'signing.timeline',
    method: 'GET',
    path: '/signing/timeline/:docId',
    access: 'organization',
    summary:
      "Each signee's progress in the latest round (sent, opened, viewed, code verified, signed…), from the " +
      'audit trail: event types and times only.',
    params: docParams,
    reply: okReply({ signees: z.array(signeeTimeline) }),
  }),
  signed: endpoint({
    id: 'signing.signed',
    method: 'GET',
    path: '/signing/signed/:docId',
    access: 'organization',
    summary: 'The signed and sealed PDF of a Signed document (members with documents view).',
    params: docParams,
    reply: okReply(fileReply),
  }),
  certificate: endpoint({
    id: 'signing.certificate',
    method: 'GET',
    path: '/signing/certificate/:docId',
    access: 'organization',
    summary: 'The sealed certificate of completion of a Signed document (members with documents view).',
    params: docParams,
    reply: okReply(fileReply),
  }),
} as const;

/** Every signing call (SPEC §7.5): the member ones here, the public ones in signing-public.ts. */
export const signing = { ...memberCalls, ...publicSigning } as const;
