import { describe, expect, it } from 'vitest';
import { resources } from '../locales';
import { ApiError } from './api';
import { KNOWN_ERRORS, errorText, hasReason } from './errors';
import i18n from './i18n';

describe('error texts', () => {
  it('every reason and code of the contract has a text in both languages', () => {
    for (const lang of ['en', 'fi'] as const) {
      const { reasons, codes } = resources[lang].errors as {
        reasons: Record<string, string>;
        codes: Record<string, string>;
      };
      for (const reason of KNOWN_ERRORS.reasons) {
        expect(reasons[reason] ?? reasons[`${reason}_other`], `${lang} ${reason}`).toBeTruthy();
      }
      for (const code of KNOWN_ERRORS.codes) expect(codes[code], `${lang} ${code}`).toBeTruthy();
    }
  });

  it('shows the reason, never the server message', async () => {
    await i18n.changeLanguage('fi');
    const error = new ApiError('CONFLICT', 'English text from the server', 409, undefined, {
      reason: 'SIGNING_CANCELLED',
    });
    expect(errorText(error)).toBe('Lähettäjä on peruuttanut tämän asiakirjan allekirjoituksen.');
    expect(errorText(error)).not.toContain('English');
    await i18n.changeLanguage('en');
    expect(errorText(error)).toBe('The sender has cancelled the signing of this document.');
  });

  it('counts tries left from the details', () => {
    const wrong = (attemptsLeft: number) =>
      new ApiError('VALIDATION_FAILED', 'x', 400, undefined, {
        reason: 'CODE_WRONG',
        details: { attemptsLeft },
      });
    expect(errorText(wrong(3))).toBe('The code is wrong. 3 tries left.');
    expect(errorText(wrong(1))).toBe('The code is wrong. 1 try left.');
    expect(errorText(wrong(0))).toBe('The code was entered wrong too many times. Ask for a new code.');
  });

  it('says how long to wait when an e-mail limit is reached, in both languages', async () => {
    const limited = (reason: 'MAIL_LIMIT_ORGANIZATION' | 'MAIL_LIMIT_RECIPIENT', retryAfterSeconds: number) =>
      new ApiError('RATE_LIMITED', 'English text', 429, undefined, {
        reason,
        details: { retryAfterSeconds },
      });
    expect(errorText(limited('MAIL_LIMIT_ORGANIZATION', 1500))).toBe(
      'Your organization has sent too many e-mails in the last hour. Try again in 25 min.',
    );
    expect(errorText(limited('MAIL_LIMIT_RECIPIENT', 30))).toContain('Try again in 1 min.');
    await i18n.changeLanguage('fi');
    expect(errorText(limited('MAIL_LIMIT_RECIPIENT', 600))).toBe(
      'Vastaanottaja on jo saanut tästä palvelusta liikaa sähköposteja viimeisen tunnin aikana. Yritä uudelleen 10 min kuluttua.',
    );
    await i18n.changeLanguage('en');
  });

  it("names the server's size limit of anonymous verification, in both languages", async () => {
    const tooLarge = new ApiError('FILE_TOO_LARGE', 'English text', 413, undefined, {
      reason: 'VERIFY_TOO_LARGE',
      details: { maxBytes: 20 * 1024 * 1024 },
    });
    expect(errorText(tooLarge)).toContain('larger than 20 MB, the most that can be checked here');
    const odd = new ApiError('FILE_TOO_LARGE', 'English text', 413, undefined, {
      reason: 'VERIFY_TOO_LARGE',
      details: { maxBytes: 2.5 * 1024 * 1024 },
    });
    await i18n.changeLanguage('fi');
    expect(errorText(odd)).toContain('suurempi kuin 2,5 Mt');
    await i18n.changeLanguage('en');
  });

  it('falls back to the caller text, then the code text', () => {
    const plain = new ApiError('FORBIDDEN', 'server words', 403);
    expect(errorText(plain, 'Could not rename.')).toBe('Could not rename.');
    expect(errorText(plain)).toBe('You do not have permission to do this.');
    expect(errorText(new Error('boom'))).toBe('Something went wrong on our side. Please try again.');
    expect(hasReason(plain, 'ALREADY_SIGNED')).toBe(false);
  });
});
