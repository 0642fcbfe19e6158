import type { FeedbackChannel, FeedbackInput } from '@sinetti/contract';
import type { AccountActor } from '../http/actor.ts';
import type { AppContext } from '../http/context.ts';
import { bumpCounter, hitRateLimit, secondsUntil } from '../http/rate-limit.ts';
import { accountContact } from './signing/people.ts';
import { AppError } from '../lib/errors.ts';
import { VERSION } from '../lib/version.ts';
import { enqueueMail } from '../services/mail/index.ts';
import type { MailConfig } from '../services/mail/config.ts';

/** Feedback the whole instance passes on per hour, whoever writes: the operator's inbox is not a target. */
const FEEDBACK_PER_HOUR_INSTANCE = 60;
const HOUR_MS = 3600_000;

/** How the web app offers "Send feedback": the operator's page wins over the form when both are set. */
export function feedbackChannel(config: MailConfig): FeedbackChannel {
  if (config.feedback.url) return { kind: 'link', url: config.feedback.url };
  if (config.feedback.email) return { kind: 'form' };
  return null;
}

/**
 * E-mails a member's feedback to the operator (FEEDBACK_EMAIL), in the member's language, with their
 * name, address, the page they wrote from and the version. Limited per account per hour
 * (FEEDBACK_LIMIT_PER_ACCOUNT: 429 FEEDBACK_LIMIT) and for the whole instance (429 RATE_LIMITED).
 */
export async function sendFeedback(
  ctx: AppContext,
  actor: AccountActor,
  input: FeedbackInput,
): Promise<void> {
  const { feedback } = ctx.config.mail;
  if (!feedback.email || feedback.url) {
    throw new AppError('NOT_FOUND', 'This service takes no feedback by form.').because('FEEDBACK_OFF');
  }
  const to = feedback.email;
  await ctx.db.transaction(async (tx) => {
    // The account's window first: a member over their limit does not use up the instance's.
    const mine = await bumpCounter(tx, ctx.clock, `feedback:${actor.account.id}`, HOUR_MS);
    if (mine.count > feedback.perAccountPerHour) {
      const retryAfterSeconds = secondsUntil(ctx.clock, mine.resetAt);
      throw new AppError(
        'RATE_LIMITED',
        'You have sent a lot of feedback this hour. Try again later.',
        undefined,
        {
          'retry-after': String(retryAfterSeconds),
        },
      ).because('FEEDBACK_LIMIT', { retryAfterSeconds });
    }
    await hitRateLimit(
      tx,
      ctx.clock,
      { name: 'feedback', max: FEEDBACK_PER_HOUR_INSTANCE, windowMs: HOUR_MS },
      'all',
    );
    const from = (await accountContact(tx, actor.account.id)) ?? {
      name: actor.account.email,
      email: actor.account.email,
      lang: actor.account.language,
    };
    await enqueueMail(tx, ctx.clock, {
      to,
      lang: from.lang,
      template: 'feedback',
      data: {
        fromName: from.name,
        fromEmail: from.email,
        page: input.page ?? '-',
        version: VERSION,
        message: input.message,
      },
    });
  });
}
