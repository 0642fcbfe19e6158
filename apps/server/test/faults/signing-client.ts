import { expect } from 'vitest';
import { eventually, type FaultHarness } from './harness.ts';

interface DevMail {
  subject: string;
  text: string;
  links: string[];
}

/** The development mailbox's newest message to `to` that `match` accepts (mail is sent by a job). */
export function mailTo(h: FaultHarness, to: string, match: (m: DevMail) => boolean): Promise<DevMail> {
  return eventually(`an e-mail to ${to}`, async () => {
    const res = await fetch(`${h.server.url}/api/dev/mail?to=${encodeURIComponent(to)}`);
    if (!res.ok) return undefined;
    return ((await res.json()) as { messages: DevMail[] }).messages.find(match);
  });
}

const signee = { 'application-id': 'Frontend', 'user-agent': 'SigneeBrowser/1.0' };

/** A signee's browser: opens the e-mailed link, reads the PDF and confirms the e-mailed code. */
export async function readyToSign(h: FaultHarness, email: string): Promise<string> {
  const request = await mailTo(h, email, (m) => m.links.some((l) => l.includes('/public/sign/')));
  const link = request.links.find((l) => l.includes('/public/sign/'))?.split('/public/sign/')[1] ?? '';
  const started = await h.api('GET', `/api/signing/start/${link}`, undefined, signee);
  expect(started.status, await started.clone().text()).toBe(200);
  const { signingUrl } = (await started.json()) as { signingUrl: string };
  const session = signingUrl.split('/public/session/')[1] ?? '';
  expect((await h.api('GET', `/api/signing/session/${session}/pdf`, undefined, signee)).status).toBe(200);
  expect((await h.api('POST', `/api/signing/session/${session}/code`, {}, signee)).status).toBe(200);
  const mail = await mailTo(h, email, (m) => /^\s*\d{6}\s*$/m.test(m.text));
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  const verified = await h.api('POST', `/api/signing/session/${session}/verify`, { code }, signee);
  expect(verified.status, await verified.clone().text()).toBe(200);
  return session;
}

/** POST sign for a ready session (the reply, or null when the server died under it). */
export function sign(h: FaultHarness, session: string, name: string): Promise<Response | null> {
  const body = { signature: { kind: 'typed', text: name }, intent: true };
  return h.api('POST', `/api/signing/session/${session}/sign`, body, signee).catch(() => null);
}
