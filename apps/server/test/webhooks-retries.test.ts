/**
 * Webhook retries (issue #34 item 2; docs/decisions.md "Webhooks"): a failing receiver is tried again after
 * the back-off with every attempt in the log, a delivery can be sent again by hand, and 410 Gone turns the
 * endpoint off at once.
 */
import { WEBHOOK_RETRY_DELAYS_MS } from '@sinetti/contract';
import { describe, expect, it } from 'vitest';
import { enqueueWebhook } from '../src/services/webhooks/index.ts';
import { useWebhooksApp, W } from './webhooks-helper.ts';

const f = useWebhooksApp();

/** Queues a balance.low event for the owner's organization (the one event not tied to a document). */
const balanceLow = () =>
  enqueueWebhook(f.t.database.db, {
    organizationId: f.owner.personalOrganizationId,
    type: 'balance.low',
    at: f.t.clock.now(),
    data: { balanceCents: 5 },
  });

describe('retries', () => {
  it('a failing receiver (500, then 200) is tried again after the back-off, and the log shows both attempts', async () => {
    const { t, r, owner } = f;
    const made = await f.addEndpoint(owner, '/flaky', ['balance.low']);
    r.answers['/flaky'] = [500];
    await balanceLow();
    await t.app.jobs.drain();
    expect(r.at('/flaky')).toHaveLength(1);
    let [d] = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'HTTP 500' });
    expect(Date.parse(d.nextAttempt) - t.clock.now().getTime()).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);

    // Not before the back-off.
    t.clock.advance((WEBHOOK_RETRY_DELAYS_MS[0] ?? 0) - 1000);
    await t.app.jobs.drain();
    expect(r.at('/flaky')).toHaveLength(1);
    t.clock.advance(1000);
    await t.app.jobs.drain();
    expect(r.at('/flaky')).toHaveLength(2);
    // The same event id both times: the receiver can de-duplicate.
    expect(r.at('/flaky')[1]?.headers['webhook-id']).toBe(r.at('/flaky')[0]?.headers['webhook-id']);

    [d] = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(d).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      responseStatus: 200,
      error: null,
      nextAttempt: null,
    });
    expect(d.attemptLog.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(d.attemptLog[0].error).toBe('HTTP 500');

    // Redelivery: a new delivery of the same event, delivered at once.
    const again = await t.json(owner, 'POST', `${W}/deliveries/${d.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().delivery).toMatchObject({ eventId: d.eventId, status: 'pending', attempts: 0 });
    await t.app.jobs.drain();
    expect(r.at('/flaky')).toHaveLength(3);
    expect(r.at('/flaky')[2]?.body).toBe(r.at('/flaky')[0]?.body);
    const listed = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ id: again.json().delivery.id, status: 'succeeded', attempts: 1 });
    await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`);
  });

  it('gives up after the last attempt, and 410 Gone turns the endpoint off at once', async () => {
    const { t, r, owner } = f;
    // An endpoint that stays on, so that the count below shows the one turned off is left out.
    const stays = await f.addEndpoint(owner, '/stays', ['balance.low']);
    const made = await f.addEndpoint(owner, '/gone', ['balance.low']);
    r.answers['/gone'] = [410];
    await balanceLow();
    await t.app.jobs.drain();
    const [d] = (await t.json(owner, 'GET', `${W}/${made.webhook.id}/deliveries`)).json().deliveries;
    expect(d).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410, nextAttempt: null });
    const [endpoint] = (await t.json(owner, 'GET', W))
      .json()
      .webhooks.filter((w: { id: string }) => w.id === made.webhook.id);
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'gone' });
    // Turned off: new events are not queued for it.
    expect(await balanceLow()).toBe(1); // only '/stays'
    await t.app.jobs.drain();
    expect(r.at('/gone')).toHaveLength(1);
    expect(r.at('/stays')).toHaveLength(2);
    await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`);
    await t.json(owner, 'POST', `${W}/${stays.webhook.id}/delete`);
  });
});
