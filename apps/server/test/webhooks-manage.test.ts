/**
 * Managing webhook endpoints (issue #34 item 2; docs/decisions.md "Webhooks"): the owner only adds, lists,
 * changes, shows and rotates the secret of and deletes them; bad input is 400, another organization's
 * endpoints are 404; the OpenAPI document describes what a receiver gets.
 */
import { P, WEBHOOK_SECRET_PATTERN } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/db/schema/index.ts';
import { enqueueWebhook } from '../src/services/webhooks/index.ts';
import type { TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';
import { ALL_EVENTS, useWebhooksApp, W } from './webhooks-helper.ts';

const f = useWebhooksApp();
let otherOwner: TestUser;
beforeAll(async () => {
  otherOwner = await f.t.organization(await f.t.signUp({ name: 'Otto Other' }));
});

describe('managing endpoints', () => {
  it('adds, lists, changes, shows and rotates the secret, and deletes an endpoint', async () => {
    const { t, owner } = f;
    const made = await f.addEndpoint(owner, '/manage', ['document.sent']);
    expect(made.secret).toMatch(WEBHOOK_SECRET_PATTERN);
    const list = await t.json(owner, 'GET', W);
    expect(list.statusCode).toBe(200);
    expect(list.json().webhooks[0]).toMatchObject({
      id: made.webhook.id,
      events: ['document.sent'],
      enabled: true,
    });
    expect(list.body).not.toContain(made.secret);

    const changed = await t.json(owner, 'POST', `${W}/${made.webhook.id}`, {
      events: ['document.completed', 'balance.low'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      events: ['document.completed', 'balance.low'],
      enabled: false,
    });

    expect((await t.json(owner, 'GET', `${W}/${made.webhook.id}/secret`)).json().secret).toBe(made.secret);
    const rotated = await t.json(owner, 'POST', `${W}/${made.webhook.id}/rotate-secret`);
    expect(rotated.json().secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(rotated.json().secret).not.toBe(made.secret);
    expect((await t.json(owner, 'GET', `${W}/${made.webhook.id}/secret`)).json().secret).toBe(
      rotated.json().secret,
    );

    expect((await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`)).statusCode).toBe(200);
    expect((await t.json(owner, 'GET', W)).body).not.toContain(made.webhook.id);
    expectError(await t.json(owner, 'GET', `${W}/${made.webhook.id}/secret`), 404, 'NOT_FOUND');
  });

  it('refuses bad input with 400: not http(s), no events, an unknown event, credentials in the URL', async () => {
    for (const body of [
      { url: 'ftp://example.com/x', events: ['document.sent'] },
      { url: 'file:///etc/passwd', events: ['document.sent'] },
      { url: 'https://user:pw@example.com/', events: ['document.sent'] },
      { url: 'https://example.com/', events: [] },
      { url: 'https://example.com/', events: ['document.exploded'] },
    ]) {
      expectError(await f.t.json(f.owner, 'POST', W, body), 400, 'VALIDATION_FAILED');
    }
  });

  it('only the owner manages webhooks: a member without 8, and one with 8 (who may not see every document), get 403', async () => {
    const { t, r, owner } = f;
    const made = await f.addEndpoint(owner, '/perm', ['document.sent']);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    expectError(await t.json(viewer, 'GET', W), 403, 'FORBIDDEN');
    expectError(
      await t.json(viewer, 'POST', W, { url: r.url('/x'), events: ['document.sent'] }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.json(viewer, 'GET', `${W}/${made.webhook.id}/secret`), 403, 'FORBIDDEN');
    expectError(await t.json(viewer, 'GET', `${W}/${made.webhook.id}/deliveries`), 403, 'FORBIDDEN');
    expectError(await t.json(viewer, 'POST', `${W}/${made.webhook.id}/delete`), 403, 'FORBIDDEN');
    // An endpoint gets every document's events: a member with organization edit details kept out of a
    // restricted folder would read those documents through it, so 8 is not enough.
    const admin = await t.member(owner, [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW]);
    expectError(await t.json(admin, 'GET', W), 403, 'FORBIDDEN');
    expectError(await t.json(admin, 'GET', `${W}/${made.webhook.id}/deliveries`), 403, 'FORBIDDEN');
    expectError(
      await t.json(admin, 'POST', W, { url: r.url('/admin'), events: ['document.sent'] }),
      403,
      'FORBIDDEN',
    );
    expect((await t.json(owner, 'GET', W)).body).toContain(made.webhook.id);
    await t.json(owner, 'POST', `${W}/${made.webhook.id}/delete`);
  });

  it('another organization’s endpoint and deliveries answer 404 to every call', async () => {
    const { t, owner } = f;
    const foreign = await f.addEndpoint(otherOwner, '/foreign', ['balance.low']);
    await enqueueWebhook(t.database.db, {
      organizationId: otherOwner.personalOrganizationId,
      type: 'balance.low',
      at: t.clock.now(),
      data: { balanceCents: 1 },
    });
    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, foreign.webhook.id));
    expect(delivery).toBeDefined();
    const id = foreign.webhook.id;
    expectError(await t.json(owner, 'GET', `${W}/${id}/secret`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'GET', `${W}/${id}/deliveries`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/${id}`, { enabled: false }), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/${id}/rotate-secret`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/${id}/delete`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${W}/deliveries/${delivery?.id}/redeliver`), 404, 'NOT_FOUND');
    expect((await t.json(owner, 'GET', W)).body).not.toContain(id);
    await t.json(otherOwner, 'POST', `${W}/${id}/delete`);
  });
});

describe('the OpenAPI document', () => {
  it('describes every webhook with its headers and payload', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...ALL_EVENTS].sort());
    const op = doc.webhooks['document.signed'].post;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('data');
  });
});
