import { screen, within } from '@testing-library/react';
import type { VerificationReport } from '@sinetti/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders, resetTestState } from '../../test/utils';
import corpus from './corpus-reports.json';
import { ReportView } from '../../components/verification/ReportView';
import { groupedHex } from '../../components/verification/SignatureCard';

// The server's verification corpus (apps/server/test/verify-corpus.test.ts stores these reports, as the
// verifier made them): each rendered on the verify page's report in English and Finnish.
const reports = corpus as unknown as Record<string, VerificationReport>;

/** What each case's headline must say, and the verdict word it must never start with. */
const CASES = {
  'look-alike-seal': {
    verdict: 'invalid',
    en: /^Impersonation: a certificate copies the name of this service's platform seal/,
    fi: /^Jäljitelmä: varmenne jäljittelee tämän palvelun sinetin/,
  },
  'foreign-ca': {
    verdict: 'untrusted',
    en: /^Signer not verified:/,
    fi: /^Allekirjoittajaa ei varmennettu:/,
  },
  'unreadable-contents': {
    verdict: 'invalid',
    en: /^At least one signature is not valid/,
    fi: /^Vähintään yksi/,
  },
  'unreadable-der': { verdict: 'invalid', en: /^At least one signature is not valid/, fi: /^Vähintään yksi/ },
  'info-after-seal': {
    verdict: 'invalid',
    en: /^At least one signature is not valid/,
    fi: /^Vähintään yksi/,
  },
  'expired-tsa': { verdict: 'invalid', en: /^At least one signature is not valid/, fi: /^Vähintään yksi/ },
} as const;

const VALID_WORDS = {
  en: /^Valid|^All signatures are valid/,
  fi: /^Voimassa|^Kaikki allekirjoitukset ovat voimassa/,
};

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

describe.each(['en', 'fi'] as const)('the verification corpus on the verify page (%s)', (lang) => {
  it.each(Object.entries(CASES))('%s: never valid, the headline says why', async (name, expected) => {
    await changeLanguage(lang);
    const report = reports[name]!;
    expect(report.verdict).toBe(expected.verdict);
    renderWithProviders(<ReportView report={report} />);
    const headline = await screen.findByTestId('verdict');
    expect(headline).toHaveAttribute('data-verdict', expected.verdict);
    expect(headline.textContent).toMatch(expected[lang]);
    expect(headline.textContent).not.toMatch(VALID_WORDS[lang]);
    const cards = screen.getAllByTestId('signature-card');
    expect(cards).toHaveLength(report.signatures.length);
    // The signatures that break the verdict never carry a "valid" badge.
    report.signatures.forEach((s, i) => {
      if (s.status !== 'invalid' && s.status !== 'untrusted') return;
      const badge = within(cards[i]!).getByTestId('signature-status');
      expect(badge.textContent).not.toMatch(VALID_WORDS[lang]);
    });
  });

  it('shows the impersonating certificates and their keys, and this service’s CA fingerprint', async () => {
    await changeLanguage(lang);
    const report = reports['look-alike-seal']!;
    renderWithProviders(<ReportView report={report} />);
    const seal = (await screen.findAllByTestId('signature-card'))[2]!;
    expect(within(seal).getByTestId('signature-status')).toHaveTextContent(
      lang === 'en' ? 'Impersonation' : 'Jäljitelmä',
    );
    expect(within(seal).getAllByTestId('impersonates').length).toBeGreaterThanOrEqual(2);
    const fakeCa = report.signatures[2]!.chain.certificates[1]!.spkiSha256!;
    expect(seal.textContent).toContain(groupedHex(fakeCa));
    const ca = screen.getByTestId('instance-ca');
    expect(ca.textContent).toContain(groupedHex(report.instanceCa!.spkiSha256));
    expect(seal.textContent).not.toContain(groupedHex(report.instanceCa!.spkiSha256));
    expect(report.instanceCa!.spkiSha256).not.toBe(fakeCa);
  });

  it('says plainly when an archive time-stamp is due, and when the time-stamps expired', async () => {
    await changeLanguage(lang);
    const { unmount } = renderWithProviders(<ReportView report={reports['archive-due']!} />);
    expect(await screen.findByTestId('verdict')).toHaveAttribute('data-verdict', 'valid');
    expect(screen.getByTestId('long-term')).toHaveTextContent(
      lang === 'en' ? /^An archive time-stamp is due/ : /^Arkistoaikaleima on tarpeen/,
    );
    unmount();
    renderWithProviders(<ReportView report={reports['expired-tsa']!} />);
    expect(await screen.findByTestId('long-term')).toHaveTextContent(
      lang === 'en' ? /^The signatures can no longer be verified/ : /^Allekirjoituksia ei voi enää todentaa/,
    );
  });

  it("recognises this instance's own seal by key on a valid file", async () => {
    await changeLanguage(lang);
    renderWithProviders(<ReportView report={reports.sealed!} />);
    expect(await screen.findByTestId('verdict')).toHaveAttribute('data-verdict', 'valid');
    expect(screen.queryAllByTestId('impersonates')).toHaveLength(0);
    expect(
      screen.getAllByText(
        lang === 'en'
          ? /This service's platform seal, recognised by its key/
          : /Tämän palvelun sinetti, tunnistettu avaimesta/,
      ),
    ).not.toHaveLength(0);
  });
});
