import { describe, expect, it } from 'vitest';
import { createDevMailbox, isMailboxId, type NewStoredMail } from './mailbox.ts';

const mail = (subject: string): NewStoredMail => ({
  messageId: `<${subject}@example.com>`,
  from: 'Sinetti <no-reply@example.com>',
  to: 'a@example.com',
  toName: null,
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
  template: 'signing-code',
  lang: 'en',
});

describe('development mailbox', () => {
  it('lists messages newest first in arrival order, even when they share the same instant', async () => {
    const box = createDevMailbox(null);
    const now = new Date('2026-06-01T09:00:00Z');
    for (const subject of ['first', 'second', 'third'])
      await box.add(mail(subject), Buffer.from(subject), now);
    const listed = await box.list({ to: 'a@example.com' });
    expect(listed.map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect(listed.every((m) => isMailboxId(m.id))).toBe(true);
  });
});
