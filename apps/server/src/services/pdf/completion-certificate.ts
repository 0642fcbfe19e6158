import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { SigningCa } from './ca/ca.ts';
import { assuranceLevelName, assuranceLines, type CompletionAssurance } from './completion-assurance.ts';
import { MUTED, TextFlow } from './layout-flow.ts';
import { addPlatformSeal } from './seal.ts';
import type { Lang } from './stamp.ts';
import { formatHelsinki, formatUtc } from './text.ts';
import type { TsaOptions } from './tsa.ts';
import type { PdfRun } from './workers.ts';

export type { CompletionAssurance } from './completion-assurance.ts';

export interface CompletionEvent {
  /** e.g. "sent", "viewed", "signed" (known types are translated; others are shown as given). */
  type: string;
  at: Date;
  ip?: string | null;
  userAgent?: string | null;
}

export interface CompletionInput {
  documentName: string;
  documentId: string;
  lang: Lang;
  /** SHA-256 (hex) of the uploaded original, of the version fixed for signing, and of the final signed PDF. */
  hashes: { original: string; signedVersion: string; final: string };
  /** The document's version that was sent (issue 13 item 3); null for rounds sent before versions. */
  documentVersion?: number | null;
  signees: {
    name: string;
    email: string;
    /** The level as shown (e.g. "Simple"); `assurance.level` names it in the certificate's language instead. */
    level?: string;
    /** How the signee signed and was identified (eID signing, issue #29). */
    assurance?: CompletionAssurance | undefined;
    events: CompletionEvent[];
  }[];
  completedAt: Date;
}

const TEXTS = {
  en: {
    title: 'Certificate of completion',
    document: 'Document',
    id: 'Document ID',
    completed: 'Completed',
    hashes: 'Hashes (SHA-256)',
    original: 'Original file',
    version: (n: number) => `Original file, version ${n}`,
    signedVersion: 'Version to be signed',
    final: 'Final signed document',
    signees: 'Signees',
    level: 'Level',
    ip: 'IP address',
    userAgent: 'Browser',
    note: 'This certificate is sealed by the Sinetti platform: the seal can be checked in the signature panel of a PDF reader.',
    events: {
      sent: 'Sent',
      delivered: 'Delivered',
      viewed: 'Viewed',
      signed: 'Signed',
      declined: 'Declined',
      sealed: 'Sealed',
    },
  },
  fi: {
    title: 'Todistus allekirjoituksista',
    document: 'Asiakirja',
    id: 'Asiakirjan tunniste',
    completed: 'Valmistunut',
    hashes: 'Tiivisteet (SHA-256)',
    original: 'Alkuperäinen tiedosto',
    version: (n: number) => `Alkuperäinen tiedosto, versio ${n}`,
    signedVersion: 'Allekirjoitettava versio',
    final: 'Allekirjoitettu asiakirja',
    signees: 'Allekirjoittajat',
    level: 'Taso',
    ip: 'IP-osoite',
    userAgent: 'Selain',
    note: 'Sinetti-palvelu on sinetöinyt tämän todistuksen: sinetin voi tarkistaa PDF-lukijan allekirjoituspaneelista.',
    events: {
      sent: 'Lähetetty',
      delivered: 'Toimitettu',
      viewed: 'Avattu',
      signed: 'Allekirjoitettu',
      declined: 'Hylätty',
      sealed: 'Sinetöity',
    },
  },
} as const;

/**
 * Builds the certificate of completion (document, hashes, every signee's events with times in Helsinki
 * and UTC, IP address and browser) and seals it with the platform's seal. Returns the sealed PDF and its SHA-256.
 */
export async function buildCompletionCertificate(
  input: CompletionInput,
  opts: { ca: SigningCa; tsa?: TsaOptions | null; run?: PdfRun | undefined },
): Promise<{ pdf: Uint8Array; sha256: string }> {
  const t = TEXTS[input.lang];
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title}: ${input.documentName}`);
  doc.setProducer('Sinetti');
  const fonts = {
    Helvetica: await doc.embedFont(StandardFonts.Helvetica),
    'Helvetica-Bold': await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const flow = new TextFlow(doc, fonts);
  const when = (d: Date) => `${formatHelsinki(d, input.lang)} (${formatUtc(d)})`;
  const heading = (text: string) => flow.line(text, { font: 'Helvetica-Bold', size: 13, after: 4 });

  flow.line(t.title, { font: 'Helvetica-Bold', size: 20, after: 14 });
  heading(t.document);
  flow.line(input.documentName, { size: 11 });
  flow.line(`${t.id}: ${input.documentId}`, { size: 9, color: MUTED });
  flow.line(`${t.completed}: ${when(input.completedAt)}`, { size: 9, color: MUTED, after: 12 });

  heading(t.hashes);
  for (const [label, hash] of [
    [input.documentVersion ? t.version(input.documentVersion) : t.original, input.hashes.original],
    [t.signedVersion, input.hashes.signedVersion],
    [t.final, input.hashes.final],
  ] as const) {
    flow.line(label, { size: 9 });
    flow.line(hash, { size: 8, color: MUTED, indent: 12, after: 3 });
  }
  flow.gap(10);

  heading(t.signees);
  input.signees.forEach((s, i) => {
    const levelName = s.assurance ? assuranceLevelName(s.assurance.level, input.lang) : s.level;
    const level = levelName ? `, ${t.level}: ${levelName}` : '';
    flow.line(`${i + 1}. ${s.name} <${s.email}>${level}`, { font: 'Helvetica-Bold', size: 10, after: 2 });
    for (const line of s.assurance ? assuranceLines(s.assurance, input.lang) : []) {
      flow.line(line.text, line.evidence ? { size: 8, color: MUTED, indent: 24 } : { size: 9, indent: 12 });
    }
    for (const e of s.events) {
      const type = (t.events as Record<string, string>)[e.type] ?? e.type;
      flow.line(`${type}: ${when(e.at)}`, { size: 9, indent: 12 });
      const details = [e.ip ? `${t.ip}: ${e.ip}` : '', e.userAgent ? `${t.userAgent}: ${e.userAgent}` : '']
        .filter(Boolean)
        .join(' · ');
      if (details) flow.line(details, { size: 8, color: MUTED, indent: 24 });
    }
    flow.gap(8);
  });
  flow.gap(6);
  flow.line(t.note, { size: 8, color: MUTED });

  const unsealed = await doc.save({ useObjectStreams: false });
  const pdf = await addPlatformSeal(unsealed, {
    ca: opts.ca,
    tsa: opts.tsa ?? null,
    signedAt: input.completedAt,
    run: opts.run,
  });
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
