import type { MailMessage } from '../types.ts';
import { mailContent } from './content.ts';
import { renderHtml } from './html.ts';
import { renderText } from './text.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A message's subject, plain-text part and HTML part in its language. */
export function renderMail(message: MailMessage): RenderedMail {
  const content = mailContent(message);
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
