import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A message kept by the development mailbox (also what `GET /api/dev/mail` lists). */
export interface StoredMail {
  id: string;
  messageId: string;
  from: string;
  to: string;
  toName: string | null;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the plain-text part, in order. */
  links: string[];
  template: string;
  lang: 'en' | 'fi';
  /** ISO 8601 (UTC). */
  createdAt: string;
}

export type NewStoredMail = Omit<StoredMail, 'id' | 'links' | 'createdAt'>;

/**
 * The development mailbox: messages are kept instead of sent. On disk under `DATA_DIR/mailbox/` as
 * `<id>.json` and the raw message `<id>.eml`; in memory (per app instance) with `DATA_DIR=memory://`.
 */
export interface DevMailbox {
  add(mail: NewStoredMail, raw: Buffer, now: Date): Promise<StoredMail>;
  /** Newest first; `to` matches the address case-insensitively. */
  list(opts?: { to?: string | undefined; limit?: number }): Promise<StoredMail[]>;
  get(id: string): Promise<StoredMail | null>;
  raw(id: string): Promise<Buffer | null>;
}

/**
 * Ids sort in the order messages arrived: time, then a counter for messages of the same millisecond
 * (a frozen test clock, or a burst), then a random part: `20260601T090000123Z-000042-1f2e3d4c`.
 */
const ID_PATTERN = /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}$/;
const MEMORY_LIMIT = 500;

export function isMailboxId(id: string): boolean {
  return ID_PATTERN.test(id);
}

let sequence = 0;

function newId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
}

export function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

const matches = (mail: StoredMail, to: string | undefined) =>
  to === undefined || mail.to.toLowerCase() === to.trim().toLowerCase();

export function createDevMailbox(dir: string | null): DevMailbox {
  return dir ? fileMailbox(dir) : memoryMailbox();
}

function memoryMailbox(): DevMailbox {
  const mails: { mail: StoredMail; raw: Buffer }[] = [];
  return {
    async add(input, raw, now) {
      const mail = { ...input, id: newId(now), links: linksOf(input.text), createdAt: now.toISOString() };
      mails.push({ mail, raw });
      if (mails.length > MEMORY_LIMIT) mails.shift();
      return mail;
    },
    async list(opts = {}) {
      const found = mails.map((m) => m.mail).filter((m) => matches(m, opts.to));
      return found.reverse().slice(0, opts.limit ?? 200);
    },
    async get(id) {
      return mails.find((m) => m.mail.id === id)?.mail ?? null;
    },
    async raw(id) {
      return mails.find((m) => m.mail.id === id)?.raw ?? null;
    },
  };
}

function fileMailbox(dir: string): DevMailbox {
  const file = (id: string, ext: 'json' | 'eml') => path.join(dir, `${id}.${ext}`);
  const read = async (id: string): Promise<StoredMail | null> => {
    if (!isMailboxId(id)) return null;
    try {
      return JSON.parse(await fs.readFile(file(id, 'json'), 'utf8')) as StoredMail;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  return {
    async add(input, raw, now) {
      await fs.mkdir(dir, { recursive: true });
      const mail = { ...input, id: newId(now), links: linksOf(input.text), createdAt: now.toISOString() };
      await fs.writeFile(file(mail.id, 'eml'), raw);
      // The JSON file appears last and whole: a listing never sees a half-written message.
      const tmp = path.join(dir, `.${mail.id}.json.tmp`);
      await fs.writeFile(tmp, JSON.stringify(mail, null, 2));
      await fs.rename(tmp, file(mail.id, 'json'));
      return mail;
    },
    async list(opts = {}) {
      const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      const ids = names
        .filter((n) => n.endsWith('.json'))
        .map((n) => n.slice(0, -'.json'.length))
        .filter(isMailboxId)
        .sort()
        .reverse();
      const found: StoredMail[] = [];
      for (const id of ids) {
        if (found.length >= (opts.limit ?? 200)) break;
        const mail = await read(id);
        if (mail && matches(mail, opts.to)) found.push(mail);
      }
      return found;
    },
    get: read,
    async raw(id) {
      if (!isMailboxId(id)) return null;
      return fs.readFile(file(id, 'eml')).catch(() => null);
    },
  };
}
