import { z } from 'zod';
import { SIGNING_TIME_LIMIT_MS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk, statusReply } from '../envelope.ts';
import { isoDate, language, uuid } from './common.ts';
import { signingField } from './fields.ts';
import {
  declineInput,
  fileReply,
  signatureInput,
  signeeIdentification,
  signeeLevel,
  signingFlow,
  signingMethodId,
  signingToken,
} from './signing-model.ts';

const tokenParams = z.object({ token: signingToken });
const sessionParams = z.object({ sessionToken: signingToken });
const minutes = SIGNING_TIME_LIMIT_MS / 60_000;

/**
 * SPEC §7.5 signing/, the public calls: they take the signee's link token (e-mailed, unguessable) or a
 * signing-session token, and are rate-limited per client address.
 */
export const publicSigning = {
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
      /** While locked: the latest time the lock can last (the holder's idle limit or 60 minutes). */
      lockedUntil: isoDate.optional(),
      /** A signee declined to sign; the round has ended and this link no longer leads to signing. */
      declined: z.boolean().optional(),
      /**
       * Signing order (issue #33 item 3): signees of an earlier group have not all signed yet, so this signee
       * cannot start (start answers 409 NOT_YOUR_TURN); waitingFor names those still to sign first.
       */
      notYourTurn: z.boolean().optional(),
      waitingFor: z.array(z.string()).optional(),
      signed: z.boolean(),
      /** The whole document is signed and sealed (the signed PDF can be downloaded). */
      completed: z.boolean(),
      documentName: z.string().optional(),
      signeeName: z.string().optional(),
      /** Who asks: the sending organization's name (the sender's name for a personal organization). */
      organizationName: z.string().optional(),
      /** The signee's language: the one they last chose, else that of the e-mails they got. */
      lang: language.optional(),
      /** With NOT_FOUND: the round of this link passed its expiry day and ended. */
      expired: z.boolean().optional(),
      /** Origins allowed to frame this page (embedded signing, issue #34 item 3); events are posted to these only. */
      embedOrigins: z.array(z.string()).optional(),
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
  decline: endpoint({
    id: 'signing.decline',
    method: 'POST',
    path: '/signing/decline/:token',
    access: 'public',
    summary:
      'The signee declines to sign, with a reason: the round ends (cancelled, document back in Draft, unused ' +
      'charges refunded as on cancel), the sender is e-mailed, every link of the round stops working. ' +
      'CONFLICT when already signed, declined, cancelled or complete.',
    params: tokenParams,
    body: declineInput,
    reply: simpleOk,
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
      signee: z.object({
        fullName: z.string(),
        email: z.string(),
        level: signeeLevel,
        method: signingMethodId,
        methodName: z.string(),
        /** The method is served by a built-in TEST stand-in. */
        methodTest: z.boolean(),
      }),
      /** How this signee signs: e-mailed code, eID identification, or authorization at a QTSP. */
      flow: signingFlow,
      /** What the eID or QTSP proved in this session (flow eid: set once identified). */
      identification: signeeIdentification.nullable(),
      lang: language,
      expiresAt: isoDate,
      codeSentAt: isoDate.nullable(),
      /** The current code stops working at this time (null: no code sent). */
      codeExpiresAt: isoDate.nullable(),
      codeVerified: z.boolean(),
      signed: z.boolean(),
      /**
       * This signee's fields placed on the document (issue #33 item 2), in page order; the page walks the
       * signee through them. Absent or empty: no fields, the signature goes on the signature page only.
       */
      fields: z.array(signingField).optional(),
      /** Who asks: the sending organization's name (the sender's name for a personal organization). */
      organizationName: z.string().optional(),
      /** Origins allowed to frame this page (embedded signing, issue #34 item 3); events are posted to these only. */
      embedOrigins: z.array(z.string()).optional(),
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
  heartbeat: endpoint({
    id: 'signing.heartbeat',
    method: 'POST',
    path: '/signing/session/:sessionToken/heartbeat',
    access: 'public',
    summary:
      'The signing page is open (sent every SIGNING_HEARTBEAT_MS): a session not seen for SIGNING_IDLE_MS ' +
      'stops locking the other signees out. CONFLICT once the session has ended (reason says why).',
    params: sessionParams,
    reply: okReply({ expiresAt: isoDate }),
  }),
  leave: endpoint({
    id: 'signing.leave',
    method: 'POST',
    path: '/signing/session/:sessionToken/leave',
    access: 'public',
    summary:
      'The signing page was closed: the round is free for the other signees at once. The session stays open ' +
      'and holds the round again on its next call, unless another signee started meanwhile.',
    params: sessionParams,
    reply: simpleOk,
  }),
  sessionDecline: endpoint({
    id: 'signing.sessionDecline',
    method: 'POST',
    path: '/signing/session/:sessionToken/decline',
    access: 'public',
    summary: 'Decline from the signing page (as signing/decline/{token}).',
    params: sessionParams,
    body: declineInput,
    reply: simpleOk,
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
  identify: endpoint({
    id: 'signing.identify',
    method: 'POST',
    path: '/signing/session/:sessionToken/identify',
    access: 'public',
    summary:
      'Flow eid: begin the identification at the eID provider (OpenID Connect, code + PKCE, state, nonce); ' +
      'redirectUrl is where the browser goes. The provider returns it to /public/signing/return.',
    params: sessionParams,
    reply: okReply({ redirectUrl: z.string() }),
  }),
  remoteSign: endpoint({
    id: 'signing.remoteSign',
    method: 'POST',
    path: '/signing/session/:sessionToken/remote-sign',
    access: 'public',
    summary:
      'Flow qtsp: the signee signs (drawing or typed name, intent confirmed); redirectUrl is the QTSP, where ' +
      'they sign in and authorize the signature of this document (CSC API v2, SCAL2).',
    params: sessionParams,
    body: signatureInput,
    reply: okReply({ redirectUrl: z.string() }),
  }),
  providerReturn: endpoint({
    id: 'signing.providerReturn',
    method: 'POST',
    path: '/signing/session/:sessionToken/return',
    access: 'public',
    summary:
      "The provider's answer as the browser brought it back (code and state, or error): next says what " +
      'follows: session (back to the signing page, identified), provider (go to redirectUrl: the QTSP asks ' +
      'to authorize the signature), done (signed; redirect is the result page).',
    params: sessionParams,
    body: z.object({
      state: z.string().min(1).max(200),
      code: z.string().min(1).max(2000).optional(),
      iss: z.string().max(500).optional(),
      error: z.string().max(200).optional(),
      errorDescription: z.string().max(1000).optional(),
    }),
    reply: okReply({
      next: z.enum(['session', 'provider', 'done']),
      redirectUrl: z.string().optional(),
      redirect: z.string().optional(),
    }),
  }),
} as const;
