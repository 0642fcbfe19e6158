import type { Lang } from './stamp.ts';

/**
 * How a signee signed, for the certificate of completion (issue #29 item 5): the level, the method, who
 * identified them and the evidence kept (the ID token's issuer, key id and hash; for a qualified signature
 * the QTSP certificate's subject and issuer). The signing flow fills it from the audit trail.
 */
export interface CompletionAssurance {
  level: 'simple' | 'advanced' | 'qualified';
  /** The method's display name, e.g. "FTN (FI)" or "Email code". */
  method: string;
  identification?: {
    /** The provider's host, e.g. "idp.example". */
    provider: string;
    verifiedName: string;
    enteredName: string;
    nameMatches: boolean;
    /** The ID token's `iss` (or the CSC service's base URL). */
    issuer: string;
    kid: string | null;
    /** SHA-256 (hex) of the signed ID token. */
    idTokenSha256: string | null;
    /** A built-in TEST provider identified the signee. */
    test: boolean;
  };
  qtspCertificate?: { subject: string; issuer: string };
}

const TEXTS = {
  en: {
    levels: { simple: 'Simple', advanced: 'Advanced', qualified: 'Qualified' },
    method: 'Method',
    identified: (method: string, provider: string, name: string) =>
      `Identified with ${method} via ${provider}: ${name}`,
    test: ' (TEST: not a real identification)',
    entered: (name: string) => `Name entered by the sender: ${name}`,
    issuer: 'ID token issuer',
    kid: 'Key ID (kid)',
    tokenHash: 'ID token SHA-256',
    qtspSubject: 'Qualified certificate',
    qtspIssuer: 'Issued by',
  },
  fi: {
    levels: { simple: 'Yksinkertainen', advanced: 'Kehittynyt', qualified: 'Hyväksytty' },
    method: 'Menetelmä',
    identified: (method: string, provider: string, name: string) =>
      `Tunnistettu: ${method}, palvelu ${provider}: ${name}`,
    test: ' (TESTI: ei oikea tunnistus)',
    entered: (name: string) => `Lähettäjän antama nimi: ${name}`,
    issuer: 'ID-tunnisteen myöntäjä',
    kid: 'Avaimen tunniste (kid)',
    tokenHash: 'ID-tunnisteen SHA-256',
    qtspSubject: 'Hyväksytty varmenne',
    qtspIssuer: 'Myöntäjä',
  },
} as const;

/** The level's name in the certificate's language. */
export const assuranceLevelName = (level: CompletionAssurance['level'], lang: Lang): string =>
  TEXTS[lang].levels[level];

export interface AssuranceLine {
  text: string;
  /** Evidence (identifiers, hashes): smaller and muted. */
  evidence: boolean;
}

/** The lines under a signee's name: method, identification (and the entered name when it differs), evidence. */
export function assuranceLines(a: CompletionAssurance, lang: Lang): AssuranceLine[] {
  const t = TEXTS[lang];
  const lines: AssuranceLine[] = [{ text: `${t.method}: ${a.method}`, evidence: false }];
  const id = a.identification;
  if (id) {
    lines.push({
      text: t.identified(a.method, id.provider, id.verifiedName) + (id.test ? t.test : ''),
      evidence: false,
    });
    if (!id.nameMatches || id.enteredName.trim() !== id.verifiedName.trim()) {
      lines.push({ text: t.entered(id.enteredName), evidence: false });
    }
    const ids = [`${t.issuer}: ${id.issuer}`, id.kid ? `${t.kid}: ${id.kid}` : ''].filter(Boolean);
    lines.push({ text: ids.join(' · '), evidence: true });
    if (id.idTokenSha256) lines.push({ text: `${t.tokenHash}: ${id.idTokenSha256}`, evidence: true });
  }
  if (a.qtspCertificate) {
    lines.push({ text: `${t.qtspSubject}: ${a.qtspCertificate.subject}`, evidence: true });
    lines.push({ text: `${t.qtspIssuer}: ${a.qtspCertificate.issuer}`, evidence: true });
  }
  return lines;
}
