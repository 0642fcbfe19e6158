import type { Language } from '@sinetti/contract';
import type { CompletionEvent, CompletionInput } from '../../services/pdf/index.ts';
import type { CompletionAssurance } from '../../services/pdf/completion-certificate.ts';
import type { ProcessRow, SigneeRow } from '../../queries/signing/signees.ts';
import type { SigningEventRow } from './audit-chain.ts';
import { fullNameOf, levelLabel } from './common.ts';

/** Audit events the certificate lists, with their wording (the pdf service translates sent/delivered/viewed/signed). */
const LABELS: Record<Language, Record<string, string>> = {
  en: {
    opened: 'Opened the signing page',
    'code-sent': 'Code e-mailed',
    'code-verified': 'Code confirmed',
    'code-failed': 'Wrong code entered',
    'session-expired': 'Signing time ran out',
    downloaded: 'Downloaded',
  },
  fi: {
    opened: 'Avasi allekirjoitussivun',
    'code-sent': 'Koodi lähetetty sähköpostiin',
    'code-verified': 'Koodi vahvistettu',
    'code-failed': 'Väärä koodi',
    'session-expired': 'Allekirjoitusaika päättyi',
    downloaded: 'Ladattu',
  },
};

function asCompletionEvent(e: SigningEventRow, lang: Language): CompletionEvent | null {
  const where = { at: e.at, ip: e.ip, userAgent: e.userAgent };
  if (e.type === 'emailed') {
    return e.data.template === 'signing-request' ? { type: 'delivered', at: e.at } : null;
  }
  if (e.type === 'viewed' || e.type === 'signed') return { type: e.type, ...where };
  const label = LABELS[lang][e.type];
  return label ? { type: label, ...where } : null;
}

const LEVELS = { 1: 'simple', 10: 'advanced', 20: 'qualified' } as const;

/**
 * How the signee signed, from the round's audit trail: the level and method, and for an eID or QTSP the
 * `identified` event's evidence (issuer, key id, ID-token hash; the QTSP certificate's names).
 */
function assuranceOf(
  s: SigneeRow,
  round: SigningEventRow[],
  names: ReadonlyMap<string, string>,
): CompletionAssurance {
  const level = LEVELS[s.level as keyof typeof LEVELS] ?? 'simple';
  const method = names.get(s.method) ?? s.method;
  const identified = round.filter((e) => e.signeeId === s.id && e.type === 'identified').at(-1);
  if (!identified) return { level, method };
  const d = identified.data as {
    provider?: string;
    verifiedName?: string;
    enteredName?: string;
    nameMatches?: boolean;
    test?: boolean;
    evidence?: { issuer?: string; kid?: string | null; idTokenSha256?: string | null };
    qtspCertificate?: { subject: string; issuer: string };
  };
  return {
    level,
    method,
    identification: {
      provider: d.provider ?? '',
      verifiedName: d.verifiedName ?? '',
      enteredName: d.enteredName ?? '',
      nameMatches: d.nameMatches ?? true,
      issuer: d.evidence?.issuer ?? '',
      kid: d.evidence?.kid ?? null,
      idTokenSha256: d.evidence?.idTokenSha256 ?? null,
      test: d.test ?? false,
    },
    ...(d.qtspCertificate ? { qtspCertificate: d.qtspCertificate } : {}),
  };
}

/** What the certificate of completion says about one finished round. */
export function completionInput(
  document: { id: string; name: string },
  process: ProcessRow,
  list: SigneeRow[],
  events: SigningEventRow[],
  finalSha256: string,
  completedAt: Date,
  names: ReadonlyMap<string, string> = new Map(),
): CompletionInput {
  const lang = process.lang;
  const round = events.filter((e) => e.processId === process.id);
  return {
    documentName: document.name,
    documentId: document.id,
    lang,
    hashes: { original: process.originalSha256, signedVersion: process.versionSha256, final: finalSha256 },
    documentVersion: process.documentVersion,
    completedAt,
    signees: list.map((s) => ({
      name: fullNameOf(s),
      email: s.email,
      level: levelLabel(s.level, lang),
      assurance: assuranceOf(s, round, names),
      events: [
        { type: 'sent', at: process.sentAt },
        ...round
          .filter((e) => e.signeeId === s.id)
          .map((e) => asCompletionEvent(e, lang))
          .filter((e): e is CompletionEvent => e !== null),
      ],
    })),
  };
}
