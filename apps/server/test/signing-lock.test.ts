import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyFreedWaiters } from '../src/commands/signing/lock-waiters.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Lotta Lock' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const status = async (link: string) => (await t.pub('GET', `/api/signing/status/signee/${link}`)).json();
const beat = (session: string) => t.pub('POST', `/api/signing/session/${session}/heartbeat`);
const leave = (session: string) => t.pub('POST', `/api/signing/session/${session}/leave`);
/** Runs the periodic job's work now and returns the "your turn" e-mails to `to`. */
const turnMails = async (to: string) => {
  await notifyFreedWaiters(t.app.ctx);
  return (await t.mails(to)).filter((m) => m.subject.startsWith('Your turn to sign'));
};

async function sent(count: number) {
  const doc = await t.contract(owner, `Lock ${randomUUID().slice(0, 6)}`);
  const emails = Array.from({ length: count }, (_, i) => uniqueEmail(`l${i}`));
  for (const email of emails) await t.addSignee(owner, doc.id, { email });
  expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  const links: string[] = [];
  for (const email of emails) links.push(await t.linkOf(email));
  return { doc, emails, links };
}

describe('the locked variant', () => {
  it('says until when, and frees the round when the holder idles; the idle holder then starts again', async () => {
    const { links } = await sent(2);
    const first = await t.startSession(links[0]!);
    const until = new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString();
    expect(await status(links[1]!)).toMatchObject({ locked: true, lockedUntil: until });
    const blocked = await t.pub('GET', `/api/signing/start/${links[1]}`);
    expect(errorOf(blocked).reason).toBe('SIGNING_LOCKED');
    expect(errorOf(blocked).details).toMatchObject({ lockedUntil: until });

    // Heartbeats keep the lock past the idle limit.
    t.clock.advance(4 * MINUTE);
    expect((await beat(first)).statusCode).toBe(200);
    t.clock.advance(4 * MINUTE);
    expect(await status(links[1]!)).toMatchObject({ locked: true });
    // Five minutes without a sign of life: free.
    t.clock.advance(5 * MINUTE);
    expect(await status(links[1]!)).toMatchObject({ locked: false });
    const second = await t.startSession(links[1]!);
    const gone = await beat(first);
    expect(gone.statusCode).toBe(409);
    expect(errorOf(gone).reason).toBe('SIGNING_SESSION_IDLE');
    expect(await status(links[0]!)).toMatchObject({ locked: true });
    expect((await beat(second)).statusCode).toBe(200);
  });

  it('frees at once when the holder leaves; a reload holds it again if nobody started', async () => {
    const { links } = await sent(2);
    const first = await t.startSession(links[0]!);
    expect(await status(links[1]!)).toMatchObject({ locked: true });
    expect((await leave(first)).statusCode).toBe(200);
    expect(await status(links[1]!)).toMatchObject({ locked: false });
    expect((await t.pub('GET', `/api/signing/session/${first}`)).statusCode).toBe(200);
    expect(await status(links[1]!)).toMatchObject({ locked: true });
  });

  it('e-mails a waiting signee once per time they found it locked, never while still locked', async () => {
    const { emails, links } = await sent(3);
    const first = await t.startSession(links[0]!);
    expect(await status(links[1]!)).toMatchObject({ locked: true });
    expect(await status(links[1]!)).toMatchObject({ locked: true });
    expect(await turnMails(emails[1]!)).toHaveLength(0);

    expect((await leave(first)).statusCode).toBe(200);
    const [mail] = await turnMails(emails[1]!);
    expect(mail?.links.some((l) => l.includes('/public/sign/'))).toBe(true);
    expect(await turnMails(emails[1]!)).toHaveLength(1);
    // Nobody else found it locked: nobody else is e-mailed.
    expect(await turnMails(emails[2]!)).toHaveLength(0);
    expect(await turnMails(emails[0]!)).toHaveLength(0);

    // The holder locking and leaving again mails nobody unless the waiter found it locked again.
    await t.pub('GET', `/api/signing/session/${first}`);
    expect((await leave(first)).statusCode).toBe(200);
    expect(await turnMails(emails[1]!)).toHaveLength(1);
    // Found locked again within the hour of the last e-mail: no second one yet (no mail loop).
    await t.pub('GET', `/api/signing/session/${first}`);
    expect(await status(links[1]!)).toMatchObject({ locked: true });
    expect((await leave(first)).statusCode).toBe(200);
    expect(await turnMails(emails[1]!)).toHaveLength(1);
    // After the hour, finding it locked again earns one more.
    t.clock.advance(61 * MINUTE);
    const again = await t.startSession(links[0]!);
    expect(await status(links[1]!)).toMatchObject({ locked: true });
    expect((await leave(again)).statusCode).toBe(200);
    expect(await turnMails(emails[1]!)).toHaveLength(2);

    // The link in the e-mail works.
    const fresh = mail!.links.find((l) => l.includes('/public/sign/'))!.split('/public/sign/')[1]!;
    expect(await status(fresh)).toMatchObject({ status: 'OK', locked: false });
  });

  it('heartbeat and leave know no unknown session', async () => {
    expect((await beat('A'.repeat(43))).statusCode).toBe(404);
    expect((await leave('A'.repeat(43))).statusCode).toBe(404);
  });
});
