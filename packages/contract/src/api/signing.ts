import { z } from 'zod';
import { SIGNING_TIME_LIMIT_MS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk, statusReply } from '../envelope.ts';
import { idParams, isoDate, language, uuid } from './common.ts';
import { document, documentAbilities } from './document-model.ts';
import {
  auditChain,
  auditEvent,
  fileReply,
  signatureInput,
  signee,
  signeeInput,
  signeeLevel,
  signingToken,
} from './signing-model.ts';

export * from './signing-model.ts';

const docParams = z.object({ docId: uuid });
const tokenParams = z.object({ token: signingToken });
const sessionParams = z.object({ sessionToken: signingToken });
const minutes = SIGNING_TIME_LIMIT_MS / 60_000;

/**
 * SPEC §7.5 signing/. Member calls (organization access) need documents edit (22) to change and
 * documents view (18) to read. Public calls take the signee's link token (e-mailed, unguessable) or a
 * signing-session token; they are rate-limited per client address.
 */
export const signing = {
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
      'The signee levels that the configured signing providers serve, and the default for new signees.',
    reply: okReply({ levels: z.array(signeeLevel), default: signeeLevel }),
  }),
  send: endpoint({
    id: 'signing.send',
    method: 'GET',
    path: '/signing/send/:docId',
    access: 'organization',
    summary:
      'Charge every signee at its level and send the document for signing (state Signing, a link e-mailed to ' +
      'each signee). LIMIT_LOW_BALANCE changes nothing. A document already out for signing is CONFLICT.',
    params: docParams,
    reply: statusReply(['OK', 'LIMIT_LOW_BALANCE'], {
      document,
      /** With LIMIT_LOW_BALANCE: the balance and what the signatures cost (cents). */
      balance: z.number().int().optional(),
      required: z.number().int().optional(),
    }),
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
  status: endpoint({
    id: 'signing.status',
    method: 'GET',
    path: '/signing/status/signee/:token',
    access: 'public',
    summary:
      'SigningStart: NOT_FOUND (HTTP 200) for an unknown or withdrawn link; otherwise whether another ' +
      'signee is signing now (locked) and whether this signee has signed.',
    params: z.object({ token: z.string().max(200) }),
    reply: statusReply(['OK', 'NOT_FOUND'], {
      locked: z.boolean(),
      signed: z.boolean(),
      /** The whole document is signed and sealed (the signed PDF can be downloaded). */
      completed: z.boolean(),
      documentName: z.string().optional(),
      signeeName: z.string().optional(),
    }),
  }),
  start: endpoint({
    id: 'signing.start',
    method: 'GET',
    path: '/signing/start/:token',
    access: 'public',
    summary:
      `Start (or resume) this signee's ${minutes}-minute signing session; signingUrl is where the browser goes. ` +
      'CONFLICT while another signee is signing or when already signed.',
    params: tokenParams,
    query: z.object({ lang: z.string().max(35).optional() }),
    reply: okReply({ signingUrl: z.string(), expiresAt: isoDate }),
  }),
  download: endpoint({
    id: 'signing.download',
    method: 'GET',
    path: '/signing/download/:token',
    access: 'public',
    summary: 'SigningComplete: the signed PDF, once the whole document is signed and sealed.',
    params: tokenParams,
    reply: okReply(fileReply),
  }),
  downloadCertificate: endpoint({
    id: 'signing.downloadCertificate',
    method: 'GET',
    path: '/signing/download/certificate/:token',
    access: 'public',
    summary: 'SigningComplete: the certificate of completion beside the signed PDF.',
    params: tokenParams,
    reply: okReply(fileReply),
  }),
  session: endpoint({
    id: 'signing.session',
    method: 'GET',
    path: '/signing/session/:sessionToken',
    access: 'public',
    summary: 'The built-in signing page: what is signed, by whom, in which language, until when.',
    params: sessionParams,
    reply: okReply({
      document: z.object({ id: uuid, name: z.string(), pages: z.number().int(), sha256: z.string() }),
      signee: z.object({ fullName: z.string(), email: z.string(), level: signeeLevel }),
      lang: language,
      expiresAt: isoDate,
      codeSentAt: isoDate.nullable(),
      /** The current code stops working at this time (null: no code sent). */
      codeExpiresAt: isoDate.nullable(),
      codeVerified: z.boolean(),
      signed: z.boolean(),
    }),
  }),
  sessionPdf: endpoint({
    id: 'signing.sessionPdf',
    method: 'GET',
    path: '/signing/session/:sessionToken/pdf',
    access: 'public',
    summary: 'The version to be signed (binary application/pdf, not JSON).',
    params: sessionParams,
    reply: z.string().describe('binary file'),
  }),
  sendCode: endpoint({
    id: 'signing.sendCode',
    method: 'POST',
    path: '/signing/session/:sessionToken/code',
    access: 'public',
    summary:
      'E-mail a new 6-digit code to the signee (valid 10 minutes, 5 tries). RATE_LIMITED (Retry-After) ' +
      'within a minute of the previous one or after 5 codes in one session.',
    params: sessionParams,
    reply: okReply({ codeSentAt: isoDate, codeExpiresAt: isoDate, resendAt: isoDate }),
  }),
  verifyCode: endpoint({
    id: 'signing.verifyCode',
    method: 'POST',
    path: '/signing/session/:sessionToken/verify',
    access: 'public',
    summary:
      'Check the code: a wrong one is VALIDATION_FAILED (fields.code says how many tries are left); an expired ' +
      'or used-up one is CONFLICT.',
    params: sessionParams,
    body: z.object({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' }),
    }),
    reply: okReply({ codeVerified: z.literal(true) }),
  }),
  sign: endpoint({
    id: 'signing.sign',
    method: 'POST',
    path: '/signing/session/:sessionToken/sign',
    access: 'public',
    summary:
      'Sign (after the code is verified, with intent confirmed): the signature is added to the PDF at once; ' +
      'redirect is the result page.',
    params: sessionParams,
    body: signatureInput,
    reply: okReply({ redirect: z.string() }),
  }),
} as const;
