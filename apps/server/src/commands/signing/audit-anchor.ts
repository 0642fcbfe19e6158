import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingChainAnchors } from '../../db/schema/index.ts';
import { UNPROTECTED, type KeyProtection } from '../../services/pdf/ca/key-files.ts';
import { auditSecretFromFile } from './audit-key-file.ts';

/**
 * The keyed anchor of each document's audit chain. The chain itself (audit-chain.ts) is plain SHA-256:
 * anyone who can write the database could rewrite an event and rehash everything after it. So every
 * append also stores, per document, the head (seq and hash) with an HMAC-SHA256 under a key that lives
 * outside the database (AUDIT_CHAIN_KEY, else `DATA_DIR/signing-ca/audit-chain.key` beside the signing
 * CA, encrypted at rest like its keys: audit-key-file.ts). A rewritten chain ends in a head whose MAC the writer cannot produce.
 */
export interface AuditKey {
  /** Short public id of the key, stored with each anchor (rotation: which key made it). */
  id: string;
  secret: Buffer;
}

export interface AuditKeyring {
  /** Signs new anchors. */
  current: AuditKey;
  /** Every key that verifies (the current one and retired ones). */
  all: AuditKey[];
}

export interface AuditChainKeySettings {
  /** AUDIT_CHAIN_KEY: the secret itself (at least 32 characters). */
  key: string | null;
  /** AUDIT_CHAIN_RETIRED_KEYS: earlier keys, still accepted when verifying. */
  retired: string[];
  /** `DATA_DIR/signing-ca`: where the generated key file lives; null: an in-memory key (tests). */
  caDir: string | null;
  /** How the generated key file is kept at rest (SIGNING_KEYS_PASSPHRASE, as the CA keys). */
  protection?: KeyProtection;
}

export { AUDIT_KEY_FILE } from './audit-key-file.ts';

export function auditKeyOf(secret: string | Buffer): AuditKey {
  const bytes = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  const material = createHash('sha256').update('sinetti.audit-chain.key.v1\n').update(bytes).digest();
  const id = createHash('sha256').update('sinetti.audit-chain.key-id\n').update(material).digest('hex');
  return { id: id.slice(0, 16), secret: material };
}

const memoryKey = auditKeyOf(randomBytes(32));
let active: AuditKeyring | null = null;
const known = new Map<string, AuditKey>();

/**
 * Loads the instance's keyring and makes it the one this process anchors with (buildApp calls it
 * once). Keys loaded earlier in the process stay accepted for verification (several test apps in one
 * process); in production a process has one configuration.
 */
export async function useAuditKeyring(settings: AuditChainKeySettings): Promise<AuditKeyring> {
  const current = settings.key
    ? auditKeyOf(settings.key)
    : settings.caDir
      ? auditKeyOf(await auditSecretFromFile(settings.caDir, settings.protection ?? UNPROTECTED))
      : memoryKey;
  for (const key of [current, ...settings.retired.map((k) => auditKeyOf(k))]) known.set(key.id, key);
  active = { current, all: [...known.values()] };
  return active;
}

function keyring(): AuditKeyring {
  if (!active) throw new Error('The audit chain key is not loaded (useAuditKeyring at start).');
  return active;
}

function macOf(key: AuditKey, documentId: string, seq: number, hash: string): string {
  return createHmac('sha256', key.secret)
    .update(`sinetti.audit-chain.head.v1\n${documentId}\n${seq}\n${hash}`)
    .digest('hex');
}

export type ChainAnchor = typeof signingChainAnchors.$inferSelect;

/** Records the document's new chain head with its MAC (in the transaction that appended the event). */
export async function anchorChainHead(
  tx: DbOrTx,
  head: { documentId: string; seq: number; hash: string },
  at: Date,
): Promise<void> {
  const key = keyring().current;
  const values = { seq: head.seq, hash: head.hash, mac: macOf(key, head.documentId, head.seq, head.hash) };
  await tx
    .insert(signingChainAnchors)
    .values({ documentId: head.documentId, ...values, keyId: key.id, updatedAt: at })
    .onConflictDoUpdate({
      target: signingChainAnchors.documentId,
      set: { ...values, keyId: key.id, updatedAt: at },
    });
}

export async function getChainAnchor(db: DbOrTx, documentId: string): Promise<ChainAnchor | null> {
  const [row] = await db
    .select()
    .from(signingChainAnchors)
    .where(eq(signingChainAnchors.documentId, documentId))
    .limit(1);
  return row ?? null;
}

/** Whether the anchor's MAC holds under a known key (a retired key still verifies). */
export function anchorMacValid(anchor: ChainAnchor): boolean {
  const key = keyring().all.find((k) => k.id === anchor.keyId);
  if (!key) return false;
  const expected = Buffer.from(macOf(key, anchor.documentId, anchor.seq, anchor.hash), 'hex');
  const given = Buffer.from(anchor.mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
