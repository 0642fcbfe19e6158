import { deflateSync, crc32 } from 'node:zlib';
import type { Document } from '@sinetti/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { saveSandboxCard, topUp } from './billing-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { pdfWorkers } from '../src/services/pdf/index.ts';
import { makePdf } from './pdf-fixtures.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export interface SigningTestApp extends DocumentsTestApp {
  /** Saves a sandbox card and adds `euros` to the balance of the user's organization. */
  fund(owner: TestUser, euros: number): Promise<void>;
  /** A contract uploaded as a PDF of `pages` pages (its own PDF rendition). */
  contract(user: TestUser, name?: string, pages?: number): Promise<Document>;
  addSignee(
    user: TestUser,
    docId: string,
    body: {
      email?: unknown;
      givenName?: string;
      familyName?: string;
      level?: unknown;
      method?: unknown;
      language?: unknown;
      group?: unknown;
    },
  ): Promise<LightMyRequestResponse>;
  /** Runs due jobs (e-mail, seal), then the development mailbox's messages to `to`, newest first. */
  mails(to: string): Promise<Mail[]>;
  /** The signing link token from the newest signing request to `to`. */
  linkOf(to: string): Promise<string>;
  /** A public call as a signee's browser would make it. */
  pub(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Starts the signee's session and returns its token. */
  startSession(linkToken: string, lang?: string): Promise<string>;
  /** Opens the PDF, asks for a code and confirms it: the session can sign afterwards. */
  confirmCode(sessionToken: string, email: string): Promise<void>;
  /** A contract of `pages` pages that one signee (Anna Aalto) has signed with a drawing; sealed (Signed). */
  signedByOne(owner: TestUser, name: string, pages: number): Promise<Document>;
}

export async function buildSigningApp(
  env: Record<string, string> = {},
  opts: { logLines?: string[] } = {},
): Promise<SigningTestApp> {
  const t = await buildDocumentsApp({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '10000', ...env }, opts);
  // The PDF workers load while the test sets up (the first signing call would otherwise wait for them).
  pdfWorkers(t.app.ctx.config.signing.pdf).warm();
  const pub: SigningTestApp['pub'] = (method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: { 'application-id': 'Frontend', 'user-agent': 'SigneeBrowser/1.0' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const mails: SigningTestApp['mails'] = async (to) => {
    await t.app.jobs.drain();
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` });
    expect(res.statusCode).toBe(200);
    return res.json().messages as Mail[];
  };
  const self: SigningTestApp = {
    ...t,
    pub,
    mails,
    async fund(owner, euros) {
      await saveSandboxCard(t, owner, owner.personalOrganizationId);
      expect((await topUp(t, owner, owner.personalOrganizationId, euros)).json().status).toBe('OK');
    },
    async contract(user, name = 'Lease', pages = 2) {
      const res = await t.upload(user, {
        type: 'contract',
        fileName: `${name}.pdf`,
        content: Buffer.from(await makePdf(pages)),
        name,
      });
      expect(res.statusCode).toBe(200);
      return res.json().document as Document;
    },
    addSignee: (user, docId, body) => t.json(user, 'POST', `/api/signing/signee/${docId}`, body),
    async linkOf(to) {
      const request = (await mails(to)).find((m) => m.links.some((l) => l.includes('/public/sign/')));
      const link = request?.links.find((l) => l.includes('/public/sign/'));
      if (!link) throw new Error(`no signing request to ${to}`);
      return link.split('/public/sign/')[1] ?? '';
    },
    async startSession(linkToken, lang) {
      const res = await pub('GET', `/api/signing/start/${linkToken}${lang ? `?lang=${lang}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().signingUrl as string).split('/public/session/')[1] ?? '';
    },
    async confirmCode(sessionToken, email) {
      expect((await pub('GET', `/api/signing/session/${sessionToken}/pdf`)).statusCode).toBe(200);
      expect((await pub('POST', `/api/signing/session/${sessionToken}/code`)).statusCode).toBe(200);
      // The newest code e-mail: the signing request's outbox job may be delivered after it (jobs drain on read).
      const code = codeIn((await mails(email)).find((m) => CODE_LINE.test(m.text)));
      const res = await pub('POST', `/api/signing/session/${sessionToken}/verify`, { code });
      expect(res.statusCode, res.body).toBe(200);
    },
    async signedByOne(owner, name, pages) {
      const doc = await self.contract(owner, name, pages);
      const anna = uniqueEmail('anna');
      await self.addSignee(owner, doc.id, { givenName: 'Anna', familyName: 'Aalto', email: anna });
      expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
      const session = await self.startSession(await self.linkOf(anna));
      await self.confirmCode(session, anna);
      const signed = await pub('POST', `/api/signing/session/${session}/sign`, {
        signature: { kind: 'drawn', image: pngDataUrl(16) },
        intent: true,
      });
      expect(signed.statusCode, signed.body).toBe(200);
      await t.app.jobs.drain();
      return doc;
    },
  };
  return self;
}

/** A line that holds only a six-digit code. */
const CODE_LINE = /^\s*(\d{6})\s*$/m;

/**
 * The code in a signing-code e-mail: the line that holds only the code. (Not the first six digits of the
 * text: the document's name comes first and may hold six digits of its own.)
 */
export function codeIn(mail: Mail | undefined): string {
  const code = CODE_LINE.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the e-mail');
  return code;
}

/**
 * A small valid PNG (a grey square) as a data URL; `colorType` and `idat` replace its IHDR colour type and
 * its image data (with correct CRCs) for hostile variants.
 */
export function pngDataUrl(side = 4, opts: { colorType?: number; idat?: Buffer } = {}): string {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, opts.colorType ?? 0, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: side }, () => Buffer.from([0, ...Array(side).fill(128)])));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', opts.idat ?? deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
