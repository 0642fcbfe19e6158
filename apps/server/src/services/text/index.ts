import path from 'node:path';
import { isolatedCommand, type IsolationMode } from '../conversion/isolation.ts';
import { runProcess } from '../conversion/process.ts';

/** Search needs the words, not whole books: text beyond this many characters is not indexed. */
export const MAX_TEXT_CHARS = 200_000;

export interface TextOptions {
  pdftotext: string;
  isolation: IsolationMode;
  timeoutMs: number;
  memoryBytes?: number | undefined;
  signal?: AbortSignal | undefined;
}

export class TextExtractionError extends Error {}

/** Makes extracted text safe and compact for PostgreSQL: no NUL or control characters, single spaces. */
export function normalizeText(raw: string, maxChars = MAX_TEXT_CHARS): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
      .slice(0, maxChars)
  );
}

/** The text of a PDF (poppler's pdftotext, run like the converter: time limit, no network). */
export async function extractPdfText(file: string, opts: TextOptions): Promise<string> {
  const dir = path.dirname(path.resolve(file));
  const [command, args] = await isolatedCommand(
    opts.isolation,
    opts.pdftotext,
    ['-enc', 'UTF-8', '-q', file, '-'],
    {
      writable: [],
      readable: [dir],
      memoryBytes: opts.memoryBytes,
    },
  );
  const r = await runProcess(command, args, {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    maxStdoutBytes: MAX_TEXT_CHARS * 4,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
  });
  if (r.code !== 0 && !r.truncated) {
    throw new TextExtractionError(`pdftotext failed: ${r.stderr.trim().slice(-300) || `exit ${r.code}`}`);
  }
  return normalizeText(r.stdout.toString('utf8'));
}
