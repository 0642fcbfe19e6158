// DOCX round-trip fidelity of the browser editor (issue #13 item 1): every file of bench/docx-fidelity/corpus
// (28 real DOCX files, see its SOURCES.md) is opened in SuperDoc in Chromium and exported again without a
// change, as a save without edits would; LibreOffice then renders the file before and after to PDF, and
// poppler's pdftoppm draws every page at 60 dpi in grey. A file keeps its fidelity when the page count and
// the text (pdftotext) are the same and no page has more than 0.5 % of its ink pixels changed by more than a
// quarter of the grey range: enough to absorb anti-aliasing from a run split or merged at another sub-pixel
// position, far too little to hide a lost word, image, border or line break. Prints one row per file and the
// totals; never asserts. Needs LibreOffice (soffice), poppler-utils and Chromium (CHROME_PATH).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const run = promisify(execFile);
const here = path.resolve(import.meta.dirname, 'docx-fidelity');
const corpus = path.join(here, 'corpus');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-docx-fidelity-'));
const DPI = 60;
const GREY_STEP = 64;
const PAGE_TOLERANCE = 0.005;

async function buildHarness(): Promise<string> {
  const outDir = path.join(work, 'harness');
  await build({
    root: path.join(here, 'harness'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 20_000, reportCompressedSize: false },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const wanted = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const file = path.join(dir, wanted === '/' ? 'index.html' : wanted);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** LibreOffice's PDF of each file in `dir`, written to `out` (one soffice run for all, its own profile). */
async function toPdf(dir: string, out: string): Promise<void> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.docx'));
  const profile = `file://${path.join(work, `lo-profile-${path.basename(out)}`)}`;
  await run(
    'soffice',
    [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', out, ...files],
    { cwd: dir, timeout: 600_000 },
  );
}

interface Page {
  width: number;
  height: number;
  pixels: Buffer;
}

async function pagesOf(pdf: string): Promise<Page[]> {
  const dir = fs.mkdtempSync(path.join(work, 'pages-'));
  await run('pdftoppm', ['-r', String(DPI), '-gray', pdf, path.join(dir, 'p')]);
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => {
      const data = fs.readFileSync(path.join(dir, f));
      const header = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(data.subarray(0, 64).toString('latin1'));
      if (!header) throw new Error(`${f} is not a PGM image`);
      return { width: Number(header[1]), height: Number(header[2]), pixels: data.subarray(header[0].length) };
    });
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

const names = fs
  .readdirSync(corpus)
  .filter((f) => f.endsWith('.docx'))
  .sort();
console.log(
  `DOCX fidelity: ${names.length} files, SuperDoc round trip in Chromium, LibreOffice rendering at ${DPI} dpi`,
);
const harness = await buildHarness();
const server = await serve(harness);
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const exported = path.join(work, 'exported');
fs.mkdirSync(exported);
const readyMs: number[] = [];
const failed: string[] = [];
try {
  for (const name of names) {
    const page = await browser.newPage();
    // Nothing leaves the machine: a request to anywhere but the harness fails the file.
    const outside: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(url)) return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    await page.goto(url);
    await page.waitForFunction(
      () => (globalThis as unknown as { harnessReady?: boolean }).harnessReady === true,
    );
    try {
      const b64 = fs.readFileSync(path.join(corpus, name)).toString('base64');
      const result = await page.evaluate(
        (input) =>
          (
            globalThis as unknown as { roundTrip: (b: string) => Promise<{ b64: string; readyMs: number }> }
          ).roundTrip(input),
        b64,
      );
      fs.writeFileSync(path.join(exported, name), Buffer.from(result.b64, 'base64'));
      readyMs.push(result.readyMs);
      if (outside.length > 0) failed.push(`${name}: requests to ${outside.join(', ')}`);
    } catch (err) {
      failed.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

const before = path.join(work, 'pdf-before');
const after = path.join(work, 'pdf-after');
await toPdf(corpus, before);
await toPdf(exported, after);

console.log('File                                        pages    text   worst page  kept');
let kept = 0;
let identicalPages = 0;
let totalPages = 0;
for (const name of names) {
  const pdf = name.replace(/\.docx$/, '.pdf');
  if (!fs.existsSync(path.join(after, pdf))) {
    console.log(`${name.padEnd(43)} not exported`);
    continue;
  }
  const [a, b] = [await pagesOf(path.join(before, pdf)), await pagesOf(path.join(after, pdf))];
  const sameText = (await textOf(path.join(before, pdf))) === (await textOf(path.join(after, pdf)));
  const shares = a.map((p, i) => (b[i] ? changed(p, b[i] as Page) : 1));
  const worst = Math.max(0, ...shares);
  const ok = a.length === b.length && sameText && worst <= PAGE_TOLERANCE;
  if (ok) kept++;
  totalPages += a.length;
  identicalPages += shares.filter((s) => s === 0).length;
  console.log(
    `${name.padEnd(43)} ${`${a.length}→${b.length}`.padEnd(8)} ${(sameText ? 'same' : 'DIFF').padEnd(6)} ${`${(worst * 100).toFixed(2)} %`.padEnd(11)} ${ok ? 'yes' : 'NO'}`,
  );
}
const median = [...readyMs].sort((x, y) => x - y)[Math.floor(readyMs.length / 2)] ?? 0;
console.log(
  `Kept: ${kept} of ${names.length} files; ${identicalPages} of ${totalPages} pages pixel-identical; ` +
    `editor ready in ${median} ms (median)`,
);
for (const f of failed) console.log(`  failed: ${f}`);
fs.rmSync(work, { recursive: true, force: true });
