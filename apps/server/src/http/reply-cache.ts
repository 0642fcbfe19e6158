import type { ChangeListener } from '../db/changes.ts';

/** A reply as it was sent: its JSON text and content type. */
export interface CachedReply {
  body: string;
  type: string;
}

interface Entry<V> {
  value: V;
  bytes: number;
  /** Expiry on the app's clock (a test's clock jumps) and on the process's monotonic clock. */
  until: number;
  untilMonotonic: number;
  tags: readonly string[];
}

/** How a read of a key other calls waited for ended. */
interface Flight {
  failed: boolean;
  failure: unknown;
}

/** When a read whose reply may be kept started: the invalidations since then tell whether it may be. */
export interface ReadMark {
  readonly version: number;
  /** performance.now() at the mark. */
  readonly at: number;
}

/** A cached reply older than this is read again, whatever the change feed said (a bound on a missed notification). */
export const REPLY_CACHE_TTL_MS = 5_000;
/** A reply larger than this share of the cache is not kept. */
const LARGEST_SHARE = 16;
/**
 * A read that took longer than this is not kept (its statement time-out and the pool's wait are shorter); the
 * invalidations of each tag are remembered as long.
 */
const MARK_LIFETIME_MS = 30_000;
/** Replies kept per session: one session reading many pages cannot push every other session's out. */
export const REPLIES_PER_SESSION = 32;

/**
 * Replies of hot reads kept in the API process (issue #32: a folder's page and the dashboard's counts at the
 * cost of a bare reply when nothing changed), keyed by the caller's session and the request, tagged with the
 * organization and account they were read for. The database notifies each commit that changes what they are
 * read from (db/changes.ts); a notification drops the replies of its tag. Only while that feed is live is
 * anything kept or answered; a reply is kept only if none of its tags was invalidated while it was being read,
 * and at most REPLY_CACHE_TTL_MS. Least recently used replies go first when the cache is full, and a session
 * keeps at most REPLIES_PER_SESSION. docs/decisions.md "Replies cached in the process".
 */
export class ReplyCache<V = CachedReply> implements ChangeListener {
  readonly #maxBytes: number;
  readonly #bytesOf: (value: V) => number;
  readonly #entries = new Map<string, Entry<V>>();
  readonly #tagged = new Map<string, Set<string>>();
  /** The last invalidation of each tag (of the last MARK_LIFETIME_MS), oldest first. */
  readonly #invalidated = new Map<string, { version: number; at: number }>();
  #bytes = 0;
  /** Counts invalidations; a ReadMark holds it as it was. */
  #version = 0;
  /** The version of the last clear(): a read marked before it is not kept. */
  #cleared = 0;
  #live = false;
  #hits = 0;
  #losses = 0;
  /** Reads of a key running now (single flight): later misses of the key wait for them. */
  readonly #flights = new Map<string, Promise<Flight>>();
  #coalesced = 0;
  #waiting = 0;

  /**
   * `bytesOf` estimates what a kept value holds in memory (a reply's: its text); the key's own bytes are
   * added to it.
   */
  constructor(maxBytes: number, bytesOf: (value: V) => number = textBytes as (value: V) => number) {
    this.#maxBytes = Math.max(0, maxBytes);
    this.#bytesOf = bytesOf;
  }

  /** Whether replies are kept and answered now. */
  get enabled(): boolean {
    return this.#live && this.#maxBytes > 0;
  }

  /**
   * Replies held, their bytes, how many calls were answered from the cache, how many of those waited for a
   * read of the same key (single flight), the reads running that calls may wait for and the calls waiting now,
   * how many times the change feed was lost, and how many tags' last invalidations are remembered (for tests
   * and operators).
   */
  get stats(): {
    entries: number;
    bytes: number;
    hits: number;
    coalesced: number;
    flights: number;
    waiting: number;
    losses: number;
    remembered: number;
  } {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      hits: this.#hits,
      coalesced: this.#coalesced,
      flights: this.#flights.size,
      waiting: this.#waiting,
      losses: this.#losses,
      remembered: this.#invalidated.size,
    };
  }

  /**
   * A kept reply of `key`, or, when a read of the key is running in this process, that read's reply once it
   * is kept (single flight: when a reply expires under a steady stream of the same call, one read runs instead of
   * one per call that arrives before it ends, which queued the whole process behind them: 100–250 ms at 1,300
   * req/s). A waiter gets the reply only if it was kept, so only if none of its tags was invalidated since that
   * read began, before the waiter arrived; otherwise undefined: the caller reads itself. If the read failed in a
   * way `shared` accepts (the database busy or unreachable), the waiter fails with it rather than waiting as
   * long again for the same pool.
   */
  async getOrAwait(
    key: string,
    now: () => number,
    shared: (failure: unknown) => boolean,
  ): Promise<V | undefined> {
    const kept = this.get(key, now());
    if (kept) return kept;
    const running = this.#flights.get(key);
    if (!running) return undefined;
    this.#waiting++;
    const { failed, failure } = await running.finally(() => this.#waiting--);
    if (failed && shared(failure)) throw failure;
    const reply = this.get(key, now());
    if (reply) this.#coalesced++;
    return reply;
  }

  /**
   * Marks a read of `key` as running until the answered function is called: after its set(), or with its
   * failure. When one is running already (a waiter that found nothing kept), the answered function does nothing.
   */
  begin(key: string): (failure?: { failure: unknown }) => void {
    if (!this.enabled || this.#flights.has(key)) return () => undefined;
    let end = (_: Flight) => undefined as void;
    this.#flights.set(key, new Promise<Flight>((resolve) => (end = resolve)));
    return (failed) => {
      this.#flights.delete(key);
      end(failed ? { failed: true, failure: failed.failure } : { failed: false, failure: undefined });
    };
  }

  /** Runs `read` as the read of `key` that later misses wait for (begin), ending its flight however it ends. */
  async flight<T>(key: string, read: () => Promise<T>): Promise<T> {
    const landed = this.begin(key);
    try {
      const value = await read();
      landed();
      return value;
    } catch (failure) {
      landed({ failure });
      throw failure;
    }
  }

  /** Marks the start of a read whose reply may be kept (before its statement is sent). */
  mark(): ReadMark {
    return { version: this.#version, at: performance.now() };
  }

  /** Whether a reply read since `mark` under `tags` is still what they hold: none was invalidated since. */
  #unchangedSince(mark: ReadMark, tags: readonly string[]): boolean {
    if (mark.version < this.#cleared || performance.now() - mark.at > MARK_LIFETIME_MS) return false;
    return tags.every((tag) => (this.#invalidated.get(tag)?.version ?? 0) <= mark.version);
  }

  get(key: string, now: number): V | undefined {
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
    return entry.value;
  }

  /** Keeps a reply read since `mark`, unless something changed meanwhile. */
  set(key: string, value: V, tags: readonly string[], mark: ReadMark, now: number): void {
    if (!this.enabled || !this.#unchangedSince(mark, tags)) return;
    const bytes = this.#bytesOf(value) + key.length * 2 + 200;
    if (bytes > this.#maxBytes / LARGEST_SHARE) return;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    while (this.#bytes + bytes > this.#maxBytes) {
      const [oldestKey, oldest] = this.#entries.entries().next().value as [string, Entry<V>];
      this.#remove(oldestKey, oldest);
    }
    const entry: Entry<V> = {
      value,
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
      if (isSessionTag(tag) && keys.size > REPLIES_PER_SESSION) {
        const [first] = keys;
        const oldest = first === undefined ? undefined : this.#entries.get(first);
        if (first !== undefined && oldest) this.#remove(first, oldest);
      }
    }
  }

  /** Drops the replies of one tag (a change notified, or the caller's own write). */
  invalidate(tag: string): void {
    const at = performance.now();
    this.#invalidated.delete(tag);
    this.#invalidated.set(tag, { version: ++this.#version, at });
    for (const [old, { at: when }] of this.#invalidated) {
      if (at - when <= MARK_LIFETIME_MS) break;
      this.#invalidated.delete(old);
    }
    const keys = this.#tagged.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      const entry = this.#entries.get(key);
      if (entry) this.#remove(key, entry);
    }
  }

  /**
   * Whether `tag` was invalidated (notified, or a caller's write) within the last MARK_LIFETIME_MS: a test
   * notes a tag of its own and waits for it, so that every change committed before it has been heard.
   */
  heard(tag: string): boolean {
    return this.#invalidated.has(tag);
  }

  /** Drops every reply. */
  clear(): void {
    this.#cleared = ++this.#version;
    this.#invalidated.clear();
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

  #remove(key: string, entry: Entry<V>): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#tagged.delete(tag);
    }
  }
}

/** What a reply's text holds in memory (two bytes a character). */
function textBytes(reply: CachedReply): number {
  return reply.body.length * 2;
}

/** The tags of a reply read for an organization's member (a session of an account). */
export function replyTags(organizationId: string, accountId: string, sessionTag: string): string[] {
  return [...callerTags(organizationId, accountId), sessionTag];
}

/** The tags of what a caller's write may change: its organization's (if it acts in one) and its account's. */
export function callerTags(organizationId: string | null, accountId: string): string[] {
  return organizationId ? [`o:${organizationId}`, `a:${accountId}`] : [`a:${accountId}`];
}

/** The tag of a session's replies, by its token's hash: what a write through that session drops. */
export function sessionTag(tokenHash: string): string {
  return `s:${tokenHash}`;
}

function isSessionTag(tag: string): boolean {
  return tag.startsWith('s:');
}
