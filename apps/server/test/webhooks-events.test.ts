/**
 * Webhook deliveries of the signing events (issue #34 item 2; docs/decisions.md "Webhooks"): a signing
 * round's events, each signed per Standard Webhooks and checked by the reference verifier in
 * webhooks-helper.ts; cancelled, declined and expired rounds; the delivery log and how long it is kept.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/db/schema/index.ts';
import {
  enqueueWebhook,
  pruneWebhookDeliveries,
  WEBHOOK_DELIVERIES_KEPT_MS,
} from '../src/services/webhooks/index.ts';
import { runFollowUp } from '../src/commands/signing/follow-up-job.ts';
import { freshSession } from './billing-helper.ts';
import { uniqueEmail } from './helper.ts';
import { pngDataUrl } from './signing-helper.ts';
import { useWebhooksApp, verifyStandardWebhook, W } from './webhooks-helper.ts';

const f = useWebhooksApp();

describe('deliveries of the signing events', () => {
  let secret = '';
  let endpointId = '';
  let docId = '';
  const anna = uniqueEmail('anna');

  beforeAll(async () => {
    const { t, owner } = f;
    const made = await f.addEndpoint(owner, '/events');
    secret = made.secret;
    endpointId = made.webhook.id;
    await t.fund(owner, 10);
    const doc = await t.contract(owner, 'Webhook contract', 1);
    docId = doc.id;
    await t.addSignee(owner, docId, { givenName: 'Anna', familyName: 'Aalto', email: anna });
    expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
    const session = await t.startSession(await t.linkOf(anna));
    await t.confirmCode(session, anna);
    // A second fetch of the PDF in the same round is no new event.
    expect((await t.pub('GET', `/api/signing/session/${session}/pdf`)).statusCode).toBe(200);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl(16) },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
  }, 120_000);

  it('delivers sent, balance low, viewed (once), signed and completed, each signed per Standard Webhooks', async () => {
    const { t, r, owner } = f;
    // Each once (the order of deliveries queued at the same moment is not promised).
    expect([...r.typesAt('/events')].sort()).toEqual([
      'balance.low',
      'document.completed',
      'document.sent',
      'document.signed',
      'document.viewed',
    ]);
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    for (const req of r.at('/events')) {
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(await verifyStandardWebhook(secret, req.headers, req.body, nowSeconds)).toBe(true);
      // Any change of the body, the id or the timestamp fails verification.
      expect(await verifyStandardWebhook(secret, req.headers, `${req.body} `, nowSeconds)).toBe(false);
      expect(
        await verifyStandardWebhook(
          secret,
          { ...req.headers, 'webhook-id': 'evt_other' },
          req.body,
          nowSeconds,
        ),
      ).toBe(false);
      expect(await verifyStandardWebhook(secret, req.headers, req.body, nowSeconds + 3600)).toBe(false);
    }
    const signedEvent = JSON.parse(
      r.at('/events').find((x) => JSON.parse(x.body).type === 'document.signed')?.body ?? '{}',
    );
    expect(signedEvent).toMatchObject({
      type: 'document.signed',
      data: {
        organizationId: owner.personalOrganizationId,
        document: { id: docId, name: 'Webhook contract' },
        signee: { email: anna, name: 'Anna Aalto' },
      },
    });
    expect(Date.parse(signedEvent.timestamp)).not.toBeNaN();
  });

  it('the delivery log lists each delivery as succeeded with its status and response time', async () => {
    const res = await f.t.json(f.owner, 'GET', `${W}/${endpointId}/deliveries`);
    expect(res.statusCode).toBe(200);
    const deliveries = res.json().deliveries;
    expect(deliveries).toHaveLength(5);
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200, error: null });
      expect(d.responseMs).toBeGreaterThanOrEqual(0);
      expect(d.attemptLog).toHaveLength(1);
    }
  });

  it('a cancelled round and a declined one are delivered', async () => {
    const { t, r, owner } = f;
    const ben = uniqueEmail('ben');
    const carl = uniqueEmail('carl');
    await t.fund(owner, 10);
    const doc = await t.contract(owner, 'Cancelled contract', 1);
    await t.addSignee(owner, doc.id, { givenName: 'Ben', familyName: 'Berg', email: ben });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    expect((await t.json(owner, 'GET', `/api/signing/cancel/${doc.id}`)).statusCode).toBe(200);
    const other = await t.contract(owner, 'Declined contract', 1);
    await t.addSignee(owner, other.id, { givenName: 'Carl', familyName: 'Carlson', email: carl });
    expect((await t.json(owner, 'GET', `/api/signing/send/${other.id}`)).json().status).toBe('OK');
    const link = await t.linkOf(carl);
    const declined = await t.pub('POST', `/api/signing/decline/${link}`, { reason: 'Wrong price' });
    expect(declined.statusCode, declined.body).toBe(200);
    await t.app.jobs.drain();
    const types = r.typesAt('/events').slice(5);
    expect(types).toContain('document.cancelled');
    expect(types).toContain('document.declined');
    const decline = r.at('/events').find((x) => JSON.parse(x.body).type === 'document.declined');
    expect(JSON.parse(decline?.body ?? '{}').data).toMatchObject({
      reason: 'Wrong price',
      signee: { email: carl },
      document: { id: other.id },
    });
  });

  it('a round that passes its expiry day is delivered as document.expired', async () => {
    const { t, r } = f;
    const dora = uniqueEmail('dora');
    await t.fund(f.owner, 10);
    const doc = await t.contract(f.owner, 'Expiring contract', 1);
    await t.addSignee(f.owner, doc.id, { givenName: 'Dora', familyName: 'Dahl', email: dora });
    const sent = await t.json(f.owner, 'POST', `/api/signing/send/${doc.id}`, { expiresOn: '2026-06-10' });
    expect(sent.json().status, sent.body).toBe('OK');
    await t.app.jobs.drain();
    t.clock.advance(14 * 24 * 3600_000);
    f.owner = await freshSession(t, f.owner);
    expect((await runFollowUp(t.app.ctx)).expired).toBe(1);
    await t.app.jobs.drain();
    const expired = r.at('/events').filter((x) => JSON.parse(x.body).type === 'document.expired');
    expect(expired).toHaveLength(1);
    expect(JSON.parse(expired[0]?.body ?? '{}').data).toMatchObject({
      document: { id: doc.id, name: 'Expiring contract' },
    });
  });

  it('finished deliveries are deleted after 30 days; pending ones stay', async () => {
    const { t } = f;
    // One delivery still waiting for its next attempt, next to the finished ones of the rounds above.
    f.r.answers['/events'] = [500];
    await enqueueWebhook(t.database.db, {
      organizationId: f.owner.personalOrganizationId,
      type: 'balance.low',
      at: t.clock.now(),
      data: { balanceCents: 5 },
    });
    await t.app.jobs.drain();
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    const pendingBefore = rows.filter((d) => d.status === 'pending').length;
    expect(pendingBefore).toBe(1);
    expect(rows.length).toBeGreaterThan(pendingBefore);
    const later = new Date(t.clock.now().getTime() + WEBHOOK_DELIVERIES_KEPT_MS + 60_000);
    expect(await pruneWebhookDeliveries(t.database.db, later)).toBe(rows.length - pendingBefore);
    const left = await t.database.db.select().from(webhookDeliveries);
    expect(left.every((d) => d.status === 'pending')).toBe(true);
    expect(left).toHaveLength(pendingBefore);
  });
});
