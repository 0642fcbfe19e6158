import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { claimJobs, completeJob } from '../src/services/jobs/store.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { zipLike } from './fixtures/files.ts';
import type { TestUser } from './helper.ts';

/** Issue 10 item 4: one organization's backlog cannot starve another's jobs. */
let t: DocumentsTestApp;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  a = await t.signUp();
  b = await t.signUp();
});
afterAll(async () => t.close());

const LEASE = 30_000;
let kindSeq = 0;
/** A job kind of the test's own, so that jobs other tests queued never take part. */
const freshKind = () => `fair.test-${++kindSeq}`;

async function enqueueAt(kind: string, tenant: string | undefined, secondsAgo: number, label: string) {
  const runAt = new Date(t.clock.now().getTime() - secondsAgo * 1000);
  return enqueueJob(t.database.db, kind, { label }, { runAt, tenant });
}

const claim = (kind: string, limit: number, workerId = 'worker-1') =>
  claimJobs(t.database.db, { kinds: [kind], now: t.clock.now(), leaseMs: LEASE, workerId, limit });

/** The labels of a batch, sorted (RETURNING has no order). */
const labels = (batch: { payload: Record<string, unknown> }[]) =>
  batch.map((j) => String(j.payload.label)).sort();

/** Claims one job at a time (none finishes) until the queue is empty; answers the labels in claim order. */
async function claimOrder(kind: string): Promise<string[]> {
  const order: string[] = [];
  for (;;) {
    const [job] = await claim(kind, 1);
    if (!job) return order;
    order.push(String(job.payload.label));
  }
}

describe('fair claims between tenants', () => {
  it("claims B's single job right after the first of A's 20 older ones", async () => {
    const kind = freshKind();
    for (let i = 0; i < 20; i++) await enqueueAt(kind, a.personalOrganizationId, 100 - i, `a${i}`);
    await enqueueAt(kind, b.personalOrganizationId, 10, 'b0');
    const order = await claimOrder(kind);
    expect(order.slice(0, 3)).toEqual(['a0', 'b0', 'a1']);
    expect(order.slice(2)).toEqual(Array.from({ length: 19 }, (_, i) => `a${i + 1}`));
  });

  it('takes turns in one batch, and counts the jobs a tenant already has running', async () => {
    const kind = freshKind();
    for (let i = 0; i < 6; i++) await enqueueAt(kind, a.personalOrganizationId, 100 - i, `a${i}`);
    // A has two running already (claimed by another worker): B and the system go first.
    expect(labels(await claim(kind, 2, 'worker-0'))).toEqual(['a0', 'a1']);
    await enqueueAt(kind, b.personalOrganizationId, 50, 'b0');
    await enqueueAt(kind, b.personalOrganizationId, 40, 'b1');
    await enqueueAt(kind, undefined, 30, 'system0');
    const batch = await claim(kind, 4);
    expect(labels(batch)).toEqual(['a2', 'b0', 'b1', 'system0']);
    expect(batch.every((j) => j.status === 'running' && j.lockedBy === 'worker-1')).toBe(true);
  });

  it("a job whose worker died (lease over) is due again and does not count as its tenant's running work", async () => {
    const kind = freshKind();
    await enqueueAt(kind, a.personalOrganizationId, 100, 'a0');
    await enqueueAt(kind, a.personalOrganizationId, 90, 'a1');
    expect(labels(await claim(kind, 1, 'dead-worker'))).toEqual(['a0']);
    t.clock.advance(LEASE + 1000);
    await enqueueAt(kind, b.personalOrganizationId, 0, 'b0');
    expect(await claimOrder(kind)).toEqual(['a0', 'b0', 'a1']);
  });

  it('claims at most perTenant running jobs of capped kinds per tenant; other kinds and tenants go on', async () => {
    const [slow, other] = [freshKind(), freshKind()];
    for (let i = 0; i < 3; i++) await enqueueAt(slow, a.personalOrganizationId, 100 - i, `a${i}`);
    await enqueueAt(other, a.personalOrganizationId, 90, 'a-other');
    await enqueueAt(slow, b.personalOrganizationId, 80, 'b0');
    await enqueueAt(slow, undefined, 70, 'system0');
    await enqueueAt(slow, undefined, 60, 'system1');
    const capped = { kinds: [slow], perTenant: 1 };
    const claimCapped = (workerId: string) =>
      claimJobs(t.database.db, {
        kinds: [slow, other],
        now: t.clock.now(),
        leaseMs: LEASE,
        workerId,
        limit: 10,
        capped,
      });
    // System jobs (no tenant) are not capped.
    const first = await claimCapped('worker-1');
    expect(labels(first)).toEqual(['a-other', 'a0', 'b0', 'system0', 'system1']);
    // While a0 runs, another worker gets none of A's: a1 and a2 stay queued.
    expect(await claimCapped('worker-2')).toEqual([]);
    await completeJob(
      t.database.db,
      first.find((j) => j.payload.label === 'a0')!,
      t.clock.now(),
    );
    expect(labels(await claimCapped('worker-2'))).toEqual(['a1']);
  });

  it('conversion jobs carry the organization of their document', async () => {
    for (const user of [a, b]) {
      const res = await t.upload(user, { type: 'file', fileName: 'w.docx', content: zipLike(), name: 'W' });
      expect(res.statusCode).toBe(200);
      const [job] = await t.database.db
        .select()
        .from(jobs)
        .where(like(jobs.dedupeKey, `document.convert:${res.json().document.id}:%`));
      expect(job?.tenant).toBe(user.personalOrganizationId);
    }
  });
});
