import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** The reply to the next MAIL FROM commands (then accepted again), e.g. `[421, 'Try again later']`. */
  rejectNext(count: number, code: number, message: string): void;
  close(): Promise<void>;
}

type Callback = (err?: Error | null) => void;

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. STARTTLS is off. */
export async function startSmtpServer(credentials?: { user: string; pass: string }): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let rejections: { left: number; code: number; message: string } = { left: 0, code: 0, message: '' };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = credentials && auth.username === credentials.user && auth.password === credentials.pass;
      if (!ok) return callback(smtpError(535, 'Authentication failed'));
      callback(null, { user: auth.username });
    },
    onMailFrom(_address: SMTPServerAddress, _session, callback: Callback) {
      if (rejections.left > 0) {
        rejections.left--;
        return callback(smtpError(rejections.code, rejections.message));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    rejectNext(count, code, message) {
      rejections = { left: count, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQp(data.replaceAll('_', ' ')),
    );
}

function decodeQp(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leaves(raw: string, out: Map<string, string>): void {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) leaves(part.replace(/^\r\n/, ''), out);
    return;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQp(body)
        : body;
  out.set(type.split(';')[0]?.trim().toLowerCase() ?? '', decoded.replace(/\r\n/g, '\n').replace(/\n$/, ''));
}

/** Enough of MIME for these tests: headers, encoded-word subject, the text/plain and text/html parts. */
export function parseMail(raw: string): ParsedMail {
  const { headers } = splitEntity(raw);
  const parts = new Map<string, string>();
  leaves(raw, parts);
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.get('text/plain') ?? '',
    html: parts.get('text/html') ?? '',
  };
}
