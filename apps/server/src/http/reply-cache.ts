import type { ChangeListener } from '../db/changes.ts';

/** A reply as it was sent: its JSON text and content type. */
export interface CachedReply {
  body: string;
  type: string;
}

interface Entry extends CachedReply {
  bytes: number;
  /** Expiry on the app's clock (a test's clock jumps) and on the process's monotonic clock. */
  until: number;
  untilMonotonic: number;
  tags: readonly string[];
}

/** What a reply read at some point may be stored under, and whether anything changed since. */
export interface ReadMark {
  readonly version: number;
}

/** A cached reply older than this is read again, whatever the change feed said (a bound on a missed notification). */
export const REPLY_CACHE_TTL_MS = 5_000;
/** A reply larger than this share of the cache is not kept. */
const LARGEST_SHARE = 16;

/**
 * Replies of hot reads kept in the API process (issue #32: a folder's page and the dashboard's counts at the
 * cost of a bare reply when nothing changed), keyed by the caller's session and the request, tagged with the
 * organization and account they were read for. The database notifies each commit that changes what they are
 * read from (db/changes.ts); a notification drops the replies of its tag. Only while that feed is live is
 * anything kept or answered; a reply is kept only if nothing was dropped while it was being read (a single
 * version counter: a read that overlapped any change is not kept), and at most REPLY_CACHE_TTL_MS. Least
 * recently used replies go first when the cache is full. docs/decisions.md "Replies cached in the process".
 */
export class ReplyCache implements ChangeListener {
  readonly #maxBytes: number;
  readonly #entries = new Map<string, Entry>();
  readonly #tagged = new Map<string, Set<string>>();
  #bytes = 0;
  #version = 0;
  #live = false;
  #hits = 0;
  #losses = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = Math.max(0, maxBytes);
  }

  /** Whether replies are kept and answered now. */
  get enabled(): boolean {
    return this.#live && this.#maxBytes > 0;
  }

  /**
   * Replies held, their bytes, how many calls were answered from the cache, and how many times the change feed
   * was lost (for tests and operators).
   */
  get stats(): { entries: number; bytes: number; hits: number; losses: number } {
    return { entries: this.#entries.size, bytes: this.#bytes, hits: this.#hits, losses: this.#losses };
  }

  /** Marks the start of a read whose reply may be kept (before its statement is sent). */
  mark(): ReadMark {
    return { version: this.#version };
  }

  get(key: string, now: number): CachedReply | undefined {
    if (!this.enabled) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now > entry.until || performance.now() > entry.untilMonotonic) {
      this.#remove(key, entry);
      return undefined;
    }
    // Most recently used last (a Map keeps insertion order).
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#hits++;
    return entry;
  }

  /** Keeps a reply read since `mark`, unless something changed meanwhile. */
  set(key: string, reply: CachedReply, tags: readonly string[], mark: ReadMark, now: number): void {
    if (!this.enabled || mark.version !== this.#version) return;
    const bytes = reply.body.length * 2 + key.length * 2 + 200;
    if (bytes > this.#maxBytes / LARGEST_SHARE) return;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    while (this.#bytes + bytes > this.#maxBytes) {
      const [oldestKey, oldest] = this.#entries.entries().next().value as [string, Entry];
      this.#remove(oldestKey, oldest);
    }
    const entry: Entry = {
      ...reply,
      bytes,
      until: now + REPLY_CACHE_TTL_MS,
      untilMonotonic: performance.now() + REPLY_CACHE_TTL_MS,
      tags,
    };
    this.#entries.set(key, entry);
    this.#bytes += bytes;
    for (const tag of tags) {
      let keys = this.#tagged.get(tag);
      if (!keys) this.#tagged.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Drops the replies of one tag (a change notified, or the caller's own write). */
  invalidate(tag: string): void {
    this.#version++;
    const keys = this.#tagged.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      const entry = this.#entries.get(key);
      if (entry) this.#remove(key, entry);
    }
  }

  /** Drops every reply. */
  clear(): void {
    this.#version++;
    this.#entries.clear();
    this.#tagged.clear();
    this.#bytes = 0;
  }

  change(payload: string): void {
    this.invalidate(payload);
  }

  live(listening: boolean): void {
    if (this.#live && !listening) this.#losses++;
    this.clear();
    this.#live = listening;
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#tagged.delete(tag);
    }
  }
}

/** The tags of a reply read for an organization's member (a session of an account). */
export function replyTags(organizationId: string, accountId: string, sessionTag: string): string[] {
  return [`o:${organizationId}`, `a:${accountId}`, sessionTag];
}

/** The tag of a session's replies, by its token's hash: what a write through that session drops. */
export function sessionTag(tokenHash: string): string {
  return `s:${tokenHash}`;
}
