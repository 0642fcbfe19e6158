// The own PDF parser is total: every input, however broken, ends in a result or a PdfError (never another
// exception, a hang or a stack overflow). A generated corpus (truncated, looping, nested, oversized) plus
// seeded mutations of real PDFs, each read fully and given a signature update.
import { describe, expect, it } from 'vitest';
import { prepareForSigning } from '../src/services/pdf/index.ts';
import { buildSignatureUpdate } from '../src/services/pdf/signature-update.ts';
import { PdfError } from '../src/services/pdf/syntax/errors.ts';
import { DEFAULT_PDF_LIMITS, type PdfLimits } from '../src/services/pdf/syntax/limits.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { makePdf } from './pdf-fixtures.ts';
import * as hostile from './pdf-hostile.ts';

/** Small limits keep each case fast; the hostile files below are also checked against the defaults. */
const LIMITS: PdfLimits = {
  maxDecodedBytes: 4 << 20,
  maxObjects: 100_000,
  maxDepth: 100,
  maxTokens: 200_000,
};

type Outcome = 'ok' | PdfError['problem'];

/** Everything signing does with a file: read all objects, lay out a seal and a signee signature. */
function exercise(bytes: Uint8Array, limits = LIMITS): Outcome {
  try {
    const reader = new PdfReader(bytes, limits);
    reader.readAll();
    const signedAt = new Date(0);
    buildSignatureUpdate(reader, { fieldPrefix: 'F', appearance: null, signedAt, contentsSize: 8 });
    buildSignatureUpdate(new PdfReader(bytes, limits), {
      fieldPrefix: 'S',
      appearance: { slot: 0, draw: () => '' },
      signedAt,
      contentsSize: 8,
    });
    return 'ok';
  } catch (err) {
    if (err instanceof PdfError) return err.problem;
    throw err;
  }
}

/** A small seeded generator (mulberry32): the corpus is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = [
  '[',
  ']',
  '<<',
  '>>',
  '(',
  ')',
  '<',
  '>',
  '/',
  '0 0 R',
  '1 0 R',
  '999999999999',
  '-1',
  'obj',
  'endobj',
  'stream',
  'endstream',
  'xref',
  'trailer',
  'startxref',
  '%',
  '\\',
  '1e999',
  '/Size 2147483647',
  '/Prev 0',
  '/Length 1 0 R',
  '/Type /ObjStm /N 99999',
  '/W [9 9 9]',
  '/Filter /FlateDecode',
];

function mutate(base: Uint8Array, rand: () => number): Uint8Array {
  const out = Buffer.from(base);
  const at = Math.floor(rand() * out.length);
  switch (Math.floor(rand() * 5)) {
    case 0: // flip a few bytes
      for (let i = 0; i < 1 + rand() * 8; i++)
        out[Math.floor(rand() * out.length)] = Math.floor(rand() * 256);
      return out;
    case 1: // truncate
      return out.subarray(0, at);
    case 2: // insert a token, sometimes many times
      return Buffer.concat([
        out.subarray(0, at),
        Buffer.from(TOKENS[Math.floor(rand() * TOKENS.length)]!.repeat(rand() < 0.2 ? 5000 : 1), 'latin1'),
        out.subarray(at),
      ]);
    case 3: // change a number
      return Buffer.from(
        out
          .toString('latin1')
          .replace(/\d+/g, (m) => (rand() < 0.02 ? String(Math.floor(rand() * 1e10)) : m)),
        'latin1',
      );
    default: // repeat a slice
      return Buffer.concat([
        out.subarray(0, at),
        out.subarray(Math.floor(rand() * at), at),
        out.subarray(at),
      ]);
  }
}

describe('the PDF parser on hostile input', () => {
  it('refuses each known hostile file with the right reason (default limits)', async () => {
    const cases: [string, Uint8Array, Outcome][] = [
      ['huge /Size', hostile.hugeSizePdf(), 'PDF_TOO_COMPLEX'],
      ['object stream bomb', hostile.objectStreamBombPdf(), 'PDF_TOO_COMPLEX'],
      ['deep nesting', hostile.deepNestingPdf(), 'PDF_TOO_COMPLEX'],
      ['object stream loop', hostile.objectStreamLoopPdf(), 'PDF_DAMAGED'],
      ['truncated xref', hostile.truncatedXrefPdf(), 'PDF_DAMAGED'],
      ['non-array /Fields', await hostile.nonArrayFieldsPdf(), 'PDF_UNSIGNABLE'],
      ['non-array /Annots', await hostile.nonArrayAnnotsPdf(), 'PDF_UNSIGNABLE'],
    ];
    for (const [name, bytes, expected] of cases) {
      expect([name, exercise(bytes, DEFAULT_PDF_LIMITS)]).toEqual([name, expected]);
    }
  });

  it('ends every generated and mutated file in a result or a PdfError', async () => {
    const prepared = (
      await prepareForSigning(await makePdf(2), [{ name: 'A', email: 'a@example.com', level: 'Simple' }], {
        documentName: 'F',
        documentId: 'f',
        lang: 'en',
      })
    ).pdf;
    const bases = [
      await makePdf(2),
      await makePdf(2, { objectStreams: true }),
      prepared,
      hostile.objectStreamLoopPdf(),
      hostile.objectStreamBombPdf(16 << 20),
      hostile.hugeSizePdf(),
    ];
    const rand = random(20261123);
    const outcomes = new Map<Outcome, number>();
    const count = (o: Outcome) => outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
    for (const base of bases) {
      expect(exercise(base)).toBeTypeOf('string');
      for (let cut = 0; cut < base.length; cut += Math.max(1, Math.floor(base.length / 150)))
        count(exercise(base.subarray(0, cut)));
      for (let i = 0; i < 250; i++) count(exercise(mutate(base, rand)));
      for (let i = 0; i < 50; i++) count(exercise(mutate(mutate(mutate(base, rand), rand), rand)));
    }
    // Nested and looping structures of every depth and shape, token soup.
    for (let i = 0; i < 300; i++) {
      const soup = Array.from(
        { length: 1 + Math.floor(rand() * 200) },
        () => TOKENS[Math.floor(rand() * TOKENS.length)],
      ).join(rand() < 0.5 ? ' ' : '');
      count(
        exercise(
          hostile.rawPdf([
            `<</Type /Catalog /Pages 2 0 R /X ${soup}>>`,
            '<</Type /Pages /Kids [2 0 R 3 0 R] /Count 1>>',
            `<</Type /Page /Parent 2 0 R ${soup}>>`,
          ]),
        ),
      );
    }
    // The corpus reaches every outcome: it is not just failing at the first byte.
    expect([...outcomes.keys()].sort()).toEqual(['PDF_DAMAGED', 'PDF_TOO_COMPLEX', 'PDF_UNSIGNABLE', 'ok']);
  });
});
