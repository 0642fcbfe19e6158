import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, timestamps } from './accounts.ts';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A document's signees (SPEC §3), in signing order. Editable only below Signing; a template's signees are
 * copied to the documents made from it. `status`/`signedAt` describe the current signing round only.
 */
export const signees = pgTable(
  'signees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    /** Lower case. */
    email: text('email').notNull(),
    /** SPEC §3: 1 simple, 10 advanced, 20 qualified. */
    level: integer('level').notNull(),
    /** The price list's signing method (contract SIGNING_METHODS); its level is `level`. */
    method: text('method').notNull().default('host-email-sms'),
    /** The language the signee reads (e-mails, public pages, their part of the signature page); the sender chose it. */
    language: text('language', { enum: ['en', 'fi'] })
      .notNull()
      .default('en'),
    position: integer('position').notNull(),
    /**
     * Signing order (issue #33 item 3): the signee's group, 1 first. Signees of one group sign in parallel;
     * a group is e-mailed when every signee of the groups before it has signed. All 1: parallel (the default).
     */
    signingGroup: integer('signing_group').notNull().default(1),
    /** The signee's box on the signature page (their index when the document was sent). */
    slot: integer('slot'),
    status: text('status', { enum: ['pending', 'signed'] })
      .notNull()
      .default('pending'),
    signedAt: at('signed_at'),
    /** The last reminder e-mailed to the signee (by the sender or automatically): rate-limits reminders. */
    remindedAt: at('reminded_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('signees_document_email_idx').on(t.documentId, t.email),
    index('signees_document_idx').on(t.documentId, t.position),
    check('signees_level_check', sql`${t.level} in (1, 10, 20)`),
    check('signees_signing_group_check', sql`${t.signingGroup} between 1 and 50`),
  ],
);

/**
 * One send of a document (a signing round): the fixed version to be signed, the working copy with the
 * signatures so far, and at the end the sealed PDF and the certificate of completion. Blobs live under
 * `signing/<organization>/…`. At most one round per document is open (signing or sealing).
 */
export const signingProcesses = pgTable(
  'signing_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    state: text('state', { enum: ['signing', 'sealing', 'completed', 'cancelled'] })
      .notNull()
      .default('signing'),
    lang: text('lang', { enum: ['en', 'fi'] }).notNull(),
    sentBy: uuid('sent_by').references(() => accounts.id, { onDelete: 'set null' }),
    originalSha256: text('original_sha256').notNull(),
    versionKey: text('version_key').notNull(),
    versionSha256: text('version_sha256').notNull(),
    versionSize: integer('version_size').notNull(),
    pages: integer('pages').notNull(),
    /** The document's version (document_versions.number) that was sent; null for rounds sent before versions. */
    documentVersion: integer('document_version'),
    /** The version plus every signature so far (the version itself before the first). */
    currentKey: text('current_key').notNull(),
    currentSha256: text('current_sha256').notNull(),
    signedKey: text('signed_key'),
    signedSha256: text('signed_sha256'),
    certificateKey: text('certificate_key'),
    certificateSha256: text('certificate_sha256'),
    sentAt: at('sent_at').notNull(),
    cancelledAt: at('cancelled_at'),
    /** A signee declined to sign (the round is then cancelled): who, when and why. */
    declinedBy: uuid('declined_by').references(() => signees.id, { onDelete: 'set null' }),
    declinedAt: at('declined_at'),
    declineReason: text('decline_reason'),
    completedAt: at('completed_at'),
    /**
     * When the signed file's last document time-stamp next needs an archive time-stamp (its authority's
     * certificate nears expiry); the job first reads the file to find out. Null: never (not completed).
     */
    archiveDueAt: at('archive_due_at'),
    /** The sender's plain-text message to the signees (in the request and reminder e-mails). */
    message: text('message'),
    /** When an unfinished round ends by itself (refunded as on cancel); null for rounds sent before expiry. */
    expiresAt: at('expires_at'),
    /** Automatic reminders every this many days to signees who have not signed; null: none. */
    reminderDays: integer('reminder_days'),
    /** When the periodic job next reminds the signees (null: no automatic reminders left). */
    nextReminderAt: at('next_reminder_at'),
    /** Why a cancelled round ended: by the sender (null), expired, … (public links say so). */
    endReason: text('end_reason'),
    /** A name verified by an eID that differs from the one entered: `continue` (shown to all) or `stop`. */
    nameMismatch: text('name_mismatch', { enum: ['continue', 'stop'] })
      .notNull()
      .default('continue'),
  },
  (t) => [
    uniqueIndex('signing_processes_round_idx').on(t.documentId, t.round),
    index('signing_processes_archive_due_idx')
      .on(t.archiveDueAt)
      .where(sql`archive_due_at is not null`),
    index('signing_processes_expires_idx')
      .on(t.expiresAt)
      .where(sql`state = 'signing'`),
    index('signing_processes_reminder_idx')
      .on(t.nextReminderAt)
      .where(sql`state = 'signing'`),
    uniqueIndex('signing_processes_open_idx')
      .on(t.documentId)
      .where(sql`state in ('signing', 'sealing')`),
  ],
);

/** Link tokens (stored as SHA-256) that lead a signee into one round: e-mailed, or the member's own. */
export const signeeLinks = pgTable(
  'signee_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    signeeId: uuid('signee_id')
      .notNull()
      .references(() => signees.id, { onDelete: 'cascade' }),
    processId: uuid('process_id')
      .notNull()
      .references(() => signingProcesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['request', 'self', 'completed'] }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('signee_links_signee_idx').on(t.signeeId)],
);

/**
 * A signee's time inside the built-in signing service: 60 minutes from start, the e-mailed code (stored
 * as a hash), and whether it was verified. An open session (not ended, not expired) locks the round.
 */
export const signingSessions = pgTable(
  'signing_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    signeeId: uuid('signee_id')
      .notNull()
      .references(() => signees.id, { onDelete: 'cascade' }),
    processId: uuid('process_id')
      .notNull()
      .references(() => signingProcesses.id, { onDelete: 'cascade' }),
    lang: text('lang', { enum: ['en', 'fi'] }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    endReason: text('end_reason', {
      enum: ['signed', 'expired', 'cancelled', 'replaced', 'declined', 'idle'],
    }),
    /**
     * The signing page's last sign of life (any session call or heartbeat). A session that has not been
     * seen for SIGNING_IDLE_MS no longer locks the round (null: seen at createdAt).
     */
    lastSeenAt: at('last_seen_at'),
    codeHash: text('code_hash'),
    codeSentAt: at('code_sent_at'),
    codeExpiresAt: at('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeSends: integer('code_sends').notNull().default(0),
    codeVerifiedAt: at('code_verified_at'),
    viewedAt: at('viewed_at'),
    /** Flow eid: when the eID identified the signee in this session, and what it proved (SessionIdentity). */
    identifiedAt: at('identified_at'),
    identity: jsonb('identity'),
  },
  (t) => [
    index('signing_sessions_process_idx')
      .on(t.processId)
      .where(sql`ended_at is null`),
  ],
);

/**
 * Signees who found the round locked by another signee: each is e-mailed once when the lock is released
 * (`notifiedAt` set), and only again after finding it locked again.
 */
export const signingWaiters = pgTable(
  'signing_waiters',
  {
    processId: uuid('process_id')
      .notNull()
      .references(() => signingProcesses.id, { onDelete: 'cascade' }),
    signeeId: uuid('signee_id')
      .notNull()
      .references(() => signees.id, { onDelete: 'cascade' }),
    since: at('since').notNull(),
    notifiedAt: at('notified_at'),
  },
  (t) => [primaryKey({ columns: [t.processId, t.signeeId] })],
);

/** What a signee signed with: the drawn PNG or the typed text, and the PDF's hash after their signature. */
export const signatures = pgTable('signatures', {
  id: uuid('id').primaryKey().defaultRandom(),
  processId: uuid('process_id')
    .notNull()
    .references(() => signingProcesses.id, { onDelete: 'cascade' }),
  signeeId: uuid('signee_id')
    .notNull()
    .references(() => signees.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['drawn', 'typed'] }).notNull(),
  /** PNG data URL of a drawn signature. */
  image: text('image'),
  text: text('text'),
  imageSha256: text('image_sha256'),
  pdfSha256: text('pdf_sha256').notNull(),
  signedAt: at('signed_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/**
 * The signing audit trail, append-only and hash-chained per document: `hash` = SHA-256 of `prev_hash`
 * and the row's canonical content; `seq` counts from 1. Updates are refused by a trigger.
 */
export const signingEvents = pgTable(
  'signing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    processId: uuid('process_id'),
    signeeId: uuid('signee_id'),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    at: at('at').notNull(),
    actorKind: text('actor_kind', { enum: ['member', 'signee', 'system', 'visitor'] }).notNull(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('signing_events_seq_idx').on(t.documentId, t.seq)],
);

/**
 * The keyed anchor of each document's audit chain: its head (last seq and hash) with an HMAC-SHA256
 * under a key kept outside the database (commands/signing/audit-anchor.ts). Rewritten on every append.
 */
export const signingChainAnchors = pgTable('signing_chain_anchors', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
  mac: text('mac').notNull(),
  /** Which key made the MAC (its public id): rotation keeps older keys for verification. */
  keyId: text('key_id').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Chains recorded before anchors existed (filled once by the migration that added anchors): the first
 * start afterwards anchors each one whose links still verify, then removes it from here.
 */
export const signingChainBackfill = pgTable('signing_chain_backfill', {
  documentId: uuid('document_id').primaryKey(),
});

/**
 * A round trip to an eID provider or QTSP under way: the authorization request's secrets (state kept as a
 * SHA-256 only), bound to one signing session, used once, short-lived. For the qualified flow `data` holds
 * what the second step needs (the credential, the prepared signature, the signee's mark).
 */
export const signingFlows = pgTable(
  'signing_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => signingSessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['eid', 'csc-service', 'csc-credential'] }).notNull(),
    providerId: text('provider_id').notNull(),
    stateHash: text('state_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    data: jsonb('data'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('signing_flows_session_idx').on(t.sessionId)],
);
