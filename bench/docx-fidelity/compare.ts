// How a DOCX is judged kept after the editor's round trip, shared by the benchmark (docx-fidelity.bench.ts)
// and the browser test (e2e/editor-fidelity.e2e.test.ts). LibreOffice renders the file before and after to
// PDF, and poppler's pdftoppm draws every page at 60 dpi in grey. A file is kept when the page count and
// the text (pdftotext) are the same and no page has more than 0.5 % of its ink pixels changed by more than
// a quarter of the grey range: enough to absorb anti-aliasing from a run split or merged at another
// sub-pixel position, far too little to hide a lost word, image, border or line break.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { readNetpbm, type Netpbm } from '../../apps/server/test/netpbm.ts';

const run = promisify(execFile);
const DPI = 60;
const GREY_STEP = 64;
export const PAGE_TOLERANCE = 0.005;

/** The corpus of real DOCX files (see corpus/SOURCES.md), sorted by name. */
export const corpusDir = path.resolve(import.meta.dirname, 'corpus');
export function corpusFiles(): string[] {
  return fs
    .readdirSync(corpusDir)
    .filter((f) => f.endsWith('.docx'))
    .sort();
}

/**
 * The files the browser test (e2e/editor-fidelity.e2e.test.ts) saves through the app on every CI run, each
 * for the kind of content it stands for; `FIDELITY_ALL=1` makes it save all of them, and
 * `npm run bench docx-fidelity` always takes all. No corpus file holds a Word field (PAGE, a content
 * control): a template's {{placeholders}} are plain text, saved by the editor and template-fields tests.
 */
export const CI_FILES: Record<string, string> = {
  'lo-lease-fi.docx':
    "the product's own kind: a Finnish lease, headings, numbered lists, a table, a page break",
  'pydocx-tbl-having-applied-style.docx': "tables in Word's table styles (Table Grid, Light Shading)",
  'pydocx-having-images.docx':
    'pictures placed inline by Word, sized in fractions of a pixel (superdoc-patches.ts), a header and a footer',
  'pydocx-doc-odd-even-hdrs.docx': 'odd and even page headers and footers (six parts) and a footnotes part',
  'mammoth-endnotes.docx':
    'endnotes, in an old LibreOffice file whose Normal style has another id (both fixed in superdoc-patches.ts)',
  'mammoth-text-box.docx': 'a text box: an anchored drawing holding paragraphs of its own',
};

/** The corpus files the browser test saves: CI_FILES, or all with FIDELITY_ALL=1. */
export function fidelityTestFiles(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.FIDELITY_ALL === '1' ? corpusFiles() : Object.keys(CI_FILES);
}

/** LibreOffice's PDF of each DOCX in `dir`, written to `out` (one soffice run for all, its own profile). */
export async function renderToPdf(dir: string, out: string, files?: string[]): Promise<void> {
  const names = files ?? fs.readdirSync(dir).filter((f) => f.endsWith('.docx'));
  const profile = `file://${path.resolve(out, '..', `lo-profile-${path.basename(out)}`)}`;
  await run(
    'soffice',
    [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', out, ...names],
    { cwd: dir, timeout: 600_000 },
  );
}

/** A page drawn in grey (PGM: one byte per pixel). */
type Page = Netpbm;

async function pagesOf(pdf: string): Promise<Page[]> {
  const dir = fs.mkdtempSync(`${pdf}-pages-`);
  await run('pdftoppm', ['-r', String(DPI), '-gray', pdf, path.join(dir, 'p')]);
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => readNetpbm(fs.readFileSync(path.join(dir, f)), f));
}

async function textOf(pdf: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', pdf, '-']);
  return stdout.split(/\s+/).join(' ').trim();
}

/** The share of a page's ink (pixels darker than light grey) that changed by more than GREY_STEP. */
function changed(a: Page, b: Page): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let diff = 0;
  let ink = 0;
  for (let i = 0; i < a.pixels.length; i++) {
    const x = a.pixels[i] as number;
    if (x < 192) ink++;
    if (Math.abs(x - (b.pixels[i] as number)) > GREY_STEP) diff++;
  }
  return diff / Math.max(ink, 1);
}

export interface Fidelity {
  pagesBefore: number;
  pagesAfter: number;
  sameText: boolean;
  /** The largest share of changed ink on any page (1 for a page that is missing or of another size). */
  worst: number;
  /** Pages with no pixel changed. */
  identicalPages: number;
  kept: boolean;
}

/** Compares two renderings (PDF files) of the same document. */
export async function compareRendered(before: string, after: string): Promise<Fidelity> {
  const [a, b] = [await pagesOf(before), await pagesOf(after)];
  const sameText = (await textOf(before)) === (await textOf(after));
  const shares = a.map((p, i) => (b[i] ? changed(p, b[i] as Page) : 1));
  const worst = Math.max(0, ...shares);
  return {
    pagesBefore: a.length,
    pagesAfter: b.length,
    sameText,
    worst,
    identicalPages: shares.filter((s) => s === 0).length,
    kept: a.length === b.length && sameText && worst <= PAGE_TOLERANCE,
  };
}

/** One line of a report: the file, its pages before→after, text same or not, the worst page, kept. */
export function fidelityRow(name: string, f: Fidelity): string {
  return (
    `${name.padEnd(43)} ${`${f.pagesBefore}→${f.pagesAfter}`.padEnd(8)} ${(f.sameText ? 'same' : 'DIFF').padEnd(6)} ` +
    `${`${(f.worst * 100).toFixed(2)} %`.padEnd(11)} ${f.kept ? 'yes' : 'NO'}`
  );
}
