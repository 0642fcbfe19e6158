import { z } from 'zod';

/**
 * Machine-readable reasons that say which failure an error code stands for. The code says what kind of
 * failure (and the HTTP status); the reason says which one, so the web app shows its own translated text
 * and never reads the English `message` (which is for logs and API users). Add a reason in the block of
 * its area, with a comment saying when it is answered.
 */
export const ERROR_REASONS = [
  // ── Signing: the public signing session ──────────────────────────────────────────────────────────
  /** 404: the signing session or link is unknown, was replaced, or no longer valid. */
  'SIGNING_LINK_INVALID',
  /** 409: the signer's 60 minutes ran out; start again from the link. */
  'SIGNING_SESSION_EXPIRED',
  /** 409: a newer session of the same signee replaced this one. */
  'SIGNING_SESSION_REPLACED',
  /** 409: the sender cancelled the signing round. */
  'SIGNING_CANCELLED',
  /** 409: this signee has already signed. */
  'ALREADY_SIGNED',
  /** 409: every signee has signed; the round is closed. */
  'SIGNING_COMPLETE',
  /** 409: a signee declined to sign; the round has ended. */
  'SIGNING_DECLINED',
  /** 409: the session was idle and another signee took the document over; start again from the link. */
  'SIGNING_SESSION_IDLE',
  /** 409: another signee holds the document right now (SPEC §4.2 locked); details.lockedUntil when known. */
  'SIGNING_LOCKED',
  /**
   * 409: the signees sign in order and an earlier group has not all signed yet (issue #33 item 3);
   * details.waitingFor names who signs first. This signee is e-mailed when it is their turn.
   */
  'NOT_YOUR_TURN',
  /** 409: the document must be opened (its PDF read) before signing. */
  'DOCUMENT_NOT_VIEWED',
  /** 409: the e-mailed code must be confirmed before signing. */
  'CODE_NOT_CONFIRMED',
  /** 409: the code was already confirmed in this session. */
  'CODE_ALREADY_CONFIRMED',
  /** 409: no code was asked for yet in this session. */
  'CODE_NOT_SENT',
  /** 409: the code's 10 minutes have passed. */
  'CODE_EXPIRED',
  /** 400: the code is wrong; details.attemptsLeft tries remain (0: the code is dead, ask for a new one). */
  'CODE_WRONG',
  /** 429: a code was sent a moment ago; details.retryAfterSeconds. */
  'CODE_RESEND_WAIT',
  /** 429: no more codes can be sent in this session. */
  'CODE_SENDS_EXHAUSTED',
  /** 409: no signing provider of this service serves the signee's level. */
  'NO_PROVIDER_FOR_LEVEL',
  /** 409: this signee's method needs an eID identification first (identify, then sign). */
  'IDENTIFICATION_REQUIRED',
  /** 409: the call does not belong to this signee's way of signing (e.g. identify for a simple signee). */
  'WRONG_SIGNING_FLOW',
  /** 409: the signee cancelled at the eID provider or the QTSP; nothing was charged again, try again. */
  'IDENTIFICATION_CANCELLED',
  /**
   * 409: the provider's answer was refused (wrong or reused state, bad token signature, audience, nonce,
   * expiry, or an unencrypted token where encryption is required); try again.
   */
  'IDENTIFICATION_FAILED',
  /** 409: the verified name differs from the one the sender entered and the sender's policy stops signing. */
  'NAME_MISMATCH',
  /** 409: the QTSP's authorization of the signature expired or was refused; authorize again. */
  'REMOTE_AUTHORIZATION_FAILED',
  /** 503: the eID provider or the QTSP cannot be reached now; try again shortly. */
  'PROVIDER_UNAVAILABLE',
  /** 409: the document changed while the signee was at the QTSP; sign again. */
  'REMOTE_SIGNING_STALE',
  // ── Signing: the sender's calls ──────────────────────────────────────────────────────────────────
  /** 409: templates make documents; they are never sent for signing. */
  'TEMPLATE_NOT_SENDABLE',
  /** 409: only contracts (and contract-noedit) have signees and can be sent. */
  'NOT_A_CONTRACT',
  /** 409: the document is already out for signing. */
  'ALREADY_SENT',
  /** 409: the document is already signed or archived. */
  'ALREADY_COMPLETED',
  /** 409: send needs at least one signee. */
  'NO_SIGNEES',
  /** 409: the document's PDF rendition is still being made. */
  'PDF_PENDING',
  /**
   * 409 at send: a field placed on the pages lies on a page the document's PDF no longer has (a new version
   * with fewer pages since the fields were placed); move or remove it first.
   */
  'FIELDS_OFF_PAGE',
  /** 409: the document has no PDF rendition, or its PDF cannot be signed (encrypted, damaged). */
  'PDF_UNSIGNABLE',
  /** 409: cancel needs a document that is out for signing. */
  'NOT_SIGNING',
  /** 409: everyone has signed and the document is being sealed; it can no longer be cancelled. */
  'SEALING',
  /** 409: a document has at most the allowed number of signees. */
  'TOO_MANY_SIGNEES',
  /** 409: signees can be changed only below Signing. */
  'SIGNEES_LOCKED',
  /** 400: a signee with this e-mail address is already on the document (SPEC §5 alreadyAdded). */
  'SIGNEE_ALREADY_ADDED',
  /** 400: the expiry day of a send is not between tomorrow and the longest allowed (Helsinki days). */
  'EXPIRY_OUT_OF_RANGE',
  /** 429: the signee was reminded a short while ago; details.retryAt (ISO) and retryAfterSeconds. */
  'REMIND_TOO_SOON',
  /** 409: nobody to remind: the signee has signed, or every signee has. */
  'NOTHING_TO_REMIND',
  /** 409: the signed PDF, its certificate or its verification exist only once every signee has signed. */
  'NOT_FULLY_SIGNED',
  /** 409 (public links): the signing round passed its expiry day and ended. */
  'SIGNING_EXPIRED',
  /** 400: the signing method does not sign at the given level, or is not offered here (fields.method). */
  'METHOD_NOT_OFFERED',
  // ── Roles and permissions ────────────────────────────────────────────────────────────────────────
  /** 409: another role of the organization already has this name (compared case-insensitively). */
  'ROLE_NAME_TAKEN',
  /** 409: the organization's default role (given to people who join) cannot be deleted. */
  'DEFAULT_ROLE',
  /** 403: a non-owner may only grant, take away or hand out permissions (and roles) they hold themselves. */
  'PERMISSION_NOT_HELD',
  // ── API keys (issue #34 item 1) ─────────────────────────────────────────────────────────────────
  /** 401: no such API key (login type API): wrong, mistyped or deleted. */
  'API_KEY_INVALID',
  /** 401: the API key was revoked; its sessions ended with it. */
  'API_KEY_REVOKED',
  /** 401: the API key passed its expiry time. */
  'API_KEY_EXPIRED',
  /** 403: a call an API key may not make (account-level calls, managing API keys); sign in as a person. */
  'API_KEY_NOT_ALLOWED',
  /** 409: the organization has the most live API keys it may have (API_KEYS_MAX); revoke one first. */
  'API_KEY_LIMIT_REACHED',
  /** 400: the expiry time of a new API key is not in the future. */
  'API_KEY_EXPIRY_PAST',
  // ── Webhooks (issue #34 item 2) ─────────────────────────────────────────────────────────────────
  /** 409: the organization has the most webhook endpoints it may have (WEBHOOK_ENDPOINTS_MAX); delete one first. */
  'WEBHOOK_LIMIT_REACHED',
  // ── Embedded signing (issue #34 item 3) ────────────────────────────────────────────────────────
  /** 400: an embedding origin uses http for a host other than localhost, or http at all in production. */
  'EMBED_ORIGIN_NOT_ALLOWED',
  // ── PDF files (services/pdf: the worker pool and the own parser) ───────────────────────────────────
  /** 409: the PDF is damaged (broken syntax or structure: truncated, wrong offsets, loops). */
  'PDF_DAMAGED',
  /** 409: the PDF passes a processing limit (decompressed size, objects, nesting, time or memory). */
  'PDF_TOO_COMPLEX',
  /** 409: the PDF needs a password to open (one encrypted with permissions only is rewritten: PDF_REWRITE_NEEDED). */
  'PDF_ENCRYPTED',
  /**
   * 409 at send: the PDF cannot be kept byte for byte (its cross-reference is broken, or it is encrypted with
   * permissions only and would be decrypted), so it would be rewritten and
   * signatures already in it would be lost; send again with acceptRewrite=true to go ahead.
   */
  'PDF_REWRITE_NEEDED',
  /**
   * 409 at send: the PDF is certified by its author (a DocMDP signature, details.permission 1-3); the
   * signature pages and signatures Sinetti adds would break the certification, so it is not sent.
   */
  'PDF_CERTIFIED',
  /** 429: too many PDF operations of this organization (or of everyone) are under way; details.retryAfterSeconds. */
  'PDF_BUSY',
  /** 503: the time-stamping authority failed or did not answer in time; nothing was signed or charged; details.retryAfterSeconds. */
  'TIMESTAMP_UNAVAILABLE',
  /** 409: the document or its signees changed while the version to be signed was being prepared; send again. */
  'CHANGED_WHILE_SENDING',
  // ── Organizations: invitations and members ───────────────────────────────────────────────────────
  /** 409: the invite is for the other platform's accounts (SPEC §4.7); details.accountPlatform is the caller's. */
  'INVITE_PLATFORM_MISMATCH',
  /** 409: a personal workspace has no invites or other members, cannot be left and cannot be renamed. */
  'PERSONAL_ORGANIZATION',
  /** 409: the owner cannot leave; transfer the ownership first. */
  'OWNER_CANNOT_LEAVE',
  /** 409: the owner cannot be removed from the organization. */
  'OWNER_CANNOT_BE_REMOVED',
  /** 409: ownership cannot be transferred to the member who already owns it. */
  'ALREADY_OWNER',
  /** 409: the organization has the most pending invites it may have. */
  'INVITE_LIMIT_REACHED',
  /** 409: the account owns the most organizations it may own. */
  'ORGANIZATION_LIMIT_REACHED',
  // ── Documents: archive, delete, copy ────────────────────────────────────────────────────────────
  /** 409: the call is for a document and this is a folder (folders are not archived, restored, previewed, downloaded or shared). */
  'IS_A_FOLDER',
  /** 409: the document is already archived. */
  'ALREADY_ARCHIVED',
  /** 409: restore needs an archived document. */
  'NOT_ARCHIVED',
  /** 409: the document (or one in the folder) is out for signing, so it is not archived or deleted; cancel the signing first. */
  'SIGNING_IN_PROGRESS',
  /** 409: the folder holds documents the caller's roles do not show them, so they cannot delete it. */
  'FOLDER_HOLDS_UNSEEN',
  /** 400: only a template, or a folder (of templates), is made into documents. */
  'NOT_CONVERTIBLE',
  /** 409: the folder holds more documents than are copied at once (MAX_COPY on the server). */
  'COPY_TOO_LARGE',
  // ── Documents: share links ───────────────────────────────────────────────────────────────────────
  /** 404: the share link is unknown, was revoked, has expired, or its document can no longer be shown. */
  'SHARE_LINK_ENDED',
  /** 409: a document has the most active share links it may have; revoke one first. */
  'SHARE_LIMIT_REACHED',
  // ── Documents: template fields (Use template) ───────────────────────────────────────────────────
  /** 409: the editor edits DOCX contracts and templates below Signing; this document is not one of them. */
  'NOT_EDITABLE',
  /** 409: the document was saved by someone else since the editor opened it (If-Match); reload and edit again. */
  'EDIT_CONFLICT',
  /** 409: someone else has the document open in the editor (details.lockedBy, details.lockedUntil). */
  'EDIT_LOCKED',
  /** 409: that version is already the document's current file. */
  'VERSION_IS_CURRENT',
  /** 409: that version has no PDF to preview (still being made, or it could not be made). */
  'VERSION_PDF_MISSING',
  /** 409: a version's text is still being read, so it cannot be compared yet. */
  'VERSION_TEXT_MISSING',
  /** 409: the two versions' texts differ too much to compare here. */
  'VERSION_COMPARE_TOO_LARGE',
  /** 409: template fields and signee roles belong to templates; this document is not one. */
  'NOT_A_TEMPLATE',
  /** 409: the template's placeholders cannot be read (malformed, unclosed, two types for one name, too many). */
  'TEMPLATE_INVALID',
  /** 400: some field values are missing or do not fit their type; `fields` maps each name to its problem. */
  'TEMPLATE_VALUES_INVALID',
  /** 400: Use template needs one person per signee role, and only for the template's roles; `fields` names them. */
  'TEMPLATE_SIGNEES_INVALID',
  /** 400: two signee roles of a template have the same name (case does not count). */
  'TEMPLATE_ROLES_DUPLICATE',
  // ── Bulk send (issue #33 item 4) ────────────────────────────────────────────────────────────────
  /** 400: the CSV of a bulk send has problems (the preview lists them per file and per row). */
  'BULK_SEND_INVALID',
  /** 409: another bulk send of the organization is still running; one runs at a time. */
  'BULK_SEND_RUNNING',
  /** 409: the bulk send has no failed rows to retry. */
  'BULK_SEND_NOTHING_TO_RETRY',
  /** A bulk send's row: its document's PDF could not be made, so it cannot be sent. */
  'BULK_SEND_PDF_FAILED',
  // ── Faults: the server's database and file storage ──────────────────────────────────────────────
  /** 503: the database cannot be reached right now (outage, restart); the call changed nothing it reported. */
  'DATABASE_UNAVAILABLE',
  /**
   * 503 with Retry-After: the database is reachable but saturated (no connection free within the pool's
   * wait, or the statement ran past its time-out and was stopped). Try again shortly.
   */
  'DATABASE_BUSY',
  /**
   * 503: the change lost a race with concurrent changes of the same organization twice (a deadlock or
   * serialization failure, retried once); nothing was changed. Try again.
   */
  'TRANSACTION_CONFLICT',
  /** 507 (503 from GET /api/health): the file storage is full or over quota; nothing was stored. */
  'STORAGE_FULL',
  /** 503: the file storage cannot be written (read-only or refusing writes); nothing was stored. */
  'STORAGE_UNWRITABLE',
  // ── Billing ──────────────────────────────────────────────────────────────────────────────────────
  /** 409: a personal workspace stays on the personal plan, and only personal workspaces have that plan. */
  'PERSONAL_PLAN',
  /** 409: an upgrade goes to a plan above the current one. */
  'PLAN_NOT_HIGHER',
  /** 409: a plan payment is still pending; the plan changes once it is settled. */
  'PLAN_PAYMENT_PENDING',
  /** 409: this idempotency key was already used for a different payment (another amount, kind or plan). */
  'IDEMPOTENCY_KEY_REUSED',
  /** 409: the payment could not be recorded (its key was taken, then gone); nothing was charged. Try again. */
  'PAYMENT_NOT_RECORDED',
  /** 409: the organization's plan has no price for signatures of a signee's level. */
  'LEVEL_NOT_IN_PLAN',
  /** 400: a top-up is a whole number of euros (12.5 is refused, not rounded). */
  'TOP_UP_NOT_WHOLE',
  /** 400: a top-up is from 10 to 500 euros (SPEC §5). */
  'TOP_UP_OUT_OF_RANGE',
  // ── Setup wizard ─────────────────────────────────────────────────────────────────────────────────
  /** 409: the account's setup is already complete; the wizard's calls no longer apply. */
  'SETUP_COMPLETE',
  /** 409: this step of the setup wizard cannot be skipped. */
  'STEP_NOT_SKIPPABLE',
  // ── Sign-in ──────────────────────────────────────────────────────────────────────────────────────
  /** 400: the provider's return reached a browser that did not start this sign-in (login CSRF); start again. */
  'SIGN_IN_NOT_BOUND',
  /** 409: this browser already has a valid session; a sign-in never replaces it. Sign out first. */
  'ALREADY_SIGNED_IN',
  // ── Abuse limits (outgoing e-mail, sign-in) ──────────────────────────────────────────────────────
  /** 429: the organization has caused too many e-mails this hour; details.retryAfterSeconds. */
  'MAIL_LIMIT_ORGANIZATION',
  /** 429: a recipient has received too many e-mails this hour; details.retryAfterSeconds. */
  'MAIL_LIMIT_RECIPIENT',
  /** 429: this account has sent as much feedback as it may this hour; details.retryAfterSeconds. */
  'FEEDBACK_LIMIT',
  // ── Feedback (POST /api/feedback) ────────────────────────────────────────────────────────────────
  /** 404: this instance takes no feedback by form (no FEEDBACK_EMAIL; perhaps a FEEDBACK_URL instead). */
  'FEEDBACK_OFF',
  // ── Uploads (POST /api/documents/upload): office files refused before any conversion is queued ──────
  /** 413: the office file (DOCX, ODT, EPUB...) states it expands past the conversion limits (a ZIP bomb). */
  'UPLOAD_EXPANDS_TOO_MUCH',
  /** 415: the office file is protected with a password; it cannot be converted. */
  'UPLOAD_ENCRYPTED',
  // ── Signature verification (POST /api/verify, /verify) ───────────────────────────────────────────────
  /** 415: the file to verify is not a PDF. */
  'VERIFY_NOT_A_PDF',
  /** 409: the PDF to verify is encrypted; its signatures cannot be checked without opening it. */
  'VERIFY_ENCRYPTED',
  /** 409: the PDF to verify is damaged (its structure cannot be read). */
  'VERIFY_DAMAGED',
  /** 413: the file to verify is larger than anonymous verification takes (details.maxBytes). */
  'VERIFY_TOO_LARGE',
  /**
   * 429: this address (or everyone) has as many anonymous checks or time-stamp requests under way as it may
   * (checked before the body is read); details.retryAfterSeconds, also in Retry-After.
   */
  'VERIFY_BUSY',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

export const errorReason = z.enum(ERROR_REASONS);

/** Typed facts that go with a reason (every key optional; which ones a reason carries is said above). */
export const errorDetails = z
  .object({
    /** Tries left for a code (CODE_WRONG). */
    attemptsLeft: z.number().int().min(0),
    /** Seconds until the call may be tried again (also in the Retry-After header). */
    retryAfterSeconds: z.number().int().min(0),
    /** ISO time until which the object stays locked (SIGNING_LOCKED, EDIT_LOCKED). */
    lockedUntil: z.string(),
    /** Who signs before this signee: names, else addresses (NOT_YOUR_TURN). */
    waitingFor: z.array(z.string()),
    /** Who holds the lock: their name, else their address (EDIT_LOCKED). */
    lockedBy: z.string(),
    /** ISO time from which the call may be made again (REMIND_TOO_SOON). */
    retryAt: z.string(),
    /** The largest body the call takes, in bytes (VERIFY_TOO_LARGE). */
    maxBytes: z.number().int().min(0),
    /** The caller's account platform (INVITE_PLATFORM_MISMATCH). */
    accountPlatform: z.enum(['google', 'microsoft']),
    /**
     * The database as the health check found it (DATABASE_UNAVAILABLE from GET /api/health); busy: it answers
     * the probe while every pooled connection is in use (issue 31 item 10).
     */
    database: z.enum(['up', 'busy', 'down']),
    /** The file storage as the health check found it (STORAGE_FULL, STORAGE_UNWRITABLE from GET /api/health). */
    storage: z.enum(['writable', 'full', 'unwritable']),
    /** The DocMDP permission (1-3) of the certification signature in the PDF (PDF_CERTIFIED). */
    permission: z.number().int().min(1).max(3),
  })
  .partial();
export type ErrorDetails = z.infer<typeof errorDetails>;
