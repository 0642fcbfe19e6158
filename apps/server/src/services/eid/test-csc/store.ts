import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { oidcPayloads } from '../../../db/schema/index.ts';
import type { Clock } from '../../../lib/clock.ts';

/**
 * The TEST CSC service's short-lived state (pending authorizations, codes, tokens) in the `oidc_payloads`
 * table of the built-in providers, under models of its own: every API process sees the same state. Rows
 * are keyed by the SHA-256 of the secret handed out, so the table never holds a usable code or token;
 * taking a row is one conditional UPDATE, so a code or token is good for one use even across processes.
 */

export type TestCscModel = 'TestCsc.Request' | 'TestCsc.Code' | 'TestCsc.Token';

const idOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export class TestCscStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Stores `payload` for `ttlMs`; returns the secret that finds it. */
  async put(model: TestCscModel, payload: Record<string, unknown>, ttlMs: number): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    await this.db.insert(oidcPayloads).values({
      model,
      id: idOf(secret),
      payload,
      expiresAt: new Date(this.clock.now().getTime() + ttlMs),
    });
    return secret;
  }

  /** The payload while it is unexpired and unused; null otherwise. */
  async get<T>(model: TestCscModel, secret: string): Promise<T | null> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(this.usable(model, secret))
      .limit(1);
    return (row?.payload as T | undefined) ?? null;
  }

  /** Marks it used and returns its payload, if it was unexpired and unused: at most once per secret. */
  async take<T>(model: TestCscModel, secret: string): Promise<T | null> {
    const [row] = await this.db
      .update(oidcPayloads)
      .set({ consumedAt: this.clock.now() })
      .where(this.usable(model, secret))
      .returning({ payload: oidcPayloads.payload });
    return (row?.payload as T | undefined) ?? null;
  }

  private usable(model: TestCscModel, secret: string) {
    return and(
      eq(oidcPayloads.model, model),
      eq(oidcPayloads.id, idOf(secret)),
      isNull(oidcPayloads.consumedAt),
      gt(oidcPayloads.expiresAt, this.clock.now()),
    );
  }
}
