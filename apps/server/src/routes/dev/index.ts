import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { isMailboxId, type DevMailbox, type StoredMail } from '../../services/mail/mailbox.ts';
import { contentSecurityPolicy } from '../../plugins/security.ts';
import { mailboxPage, messagePage, previewDocument } from './pages.ts';

const query = z.object({ to: z.string().trim().max(320).optional() });

/** The HTML part may show only itself: no scripts, no fetches, a sandboxed origin, framed by our page. */
const PREVIEW_POLICY = contentSecurityPolicy({
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ['data:'],
  'frame-ancestors': ["'self'"],
  sandbox: ['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-top-navigation-by-user-activation'],
});

const sendHtml = (reply: FastifyReply, body: string) =>
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

const download = (reply: FastifyReply, type: string, name: string, body: string | Buffer) =>
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .type(type)
    .send(body);

/**
 * The development mailbox (only while mail is not sent: no SMTP_URL): `/dev/mail` pages and
 * `GET /api/dev/mail?to=` for tests. With SMTP every one of these answers 404.
 */
export function registerDevRoutes(app: FastifyInstance): void {
  const mailbox = (): DevMailbox => {
    if (!app.mail.mailbox) throw notFound();
    return app.mail.mailbox;
  };
  const message = async (id: string): Promise<StoredMail> => {
    const found = isMailboxId(id) ? await mailbox().get(id) : null;
    if (!found) throw notFound('No such message.');
    return found;
  };
  type ById = { Params: { id: string } };

  app.get('/api/dev/mail', async (req) => {
    const parsed = query.safeParse(req.query);
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', 'Invalid query.', { to: 'At most 320 characters.' });
    const mails = await mailbox().list({ to: parsed.data.to || undefined });
    return {
      status: 'OK',
      messages: mails.map(({ id, to, subject, text, html, links, createdAt }) => ({
        id,
        to,
        subject,
        text,
        html,
        links,
        createdAt,
      })),
    };
  });

  app.get('/dev/mail', async (_req, reply) => sendHtml(reply, mailboxPage(await mailbox().list())));
  app.get<ById>('/dev/mail/:id', async (req, reply) =>
    sendHtml(reply, messagePage(await message(req.params.id))),
  );
  app.get<ById>('/dev/mail/:id/preview', async (req, reply) => {
    const { html } = await message(req.params.id);
    return sendHtml(reply.header('content-security-policy', PREVIEW_POLICY), previewDocument(html));
  });
  app.get<ById>('/dev/mail/:id/message.html', async (req, reply) => {
    const m = await message(req.params.id);
    return download(reply, 'text/html; charset=utf-8', `${m.id}.html`, m.html);
  });
  app.get<ById>('/dev/mail/:id/message.eml', async (req, reply) => {
    const raw = await mailbox().raw((await message(req.params.id)).id);
    if (!raw) throw notFound('No such message.');
    return download(reply, 'message/rfc822', `${req.params.id}.eml`, raw);
  });
}
