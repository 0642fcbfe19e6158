import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Revoked certificates of the instance's own keys (platform seal, time-stamping unit, the CA itself), recorded
 * by the operator (`npm run signing-keys -- revoke`). The CRL of the CA named by `caKeyId` lists them; a
 * revoked seal or time-stamping key is replaced before its next use (docs/operations.md).
 */
export const signingKeyRevocations = pgTable(
  'signing_key_revocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The issuing CA's key identifier (SHA-1 of its public key, hex). */
    caKeyId: text('ca_key_id').notNull(),
    /** The revoked certificate's serial number (hex). */
    serialNumber: text('serial_number').notNull(),
    /** Which key: 'seal', 'tsa' or 'ca'. */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    /** RFC 5280 CRLReason name, e.g. keyCompromise. */
    reason: text('reason').notNull(),
    /** From when signatures by the key count as revoked (the CRL's revocationDate). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signing_key_revocations_serial_idx').on(t.caKeyId, t.serialNumber)],
);
