// DOCX round-trip fidelity of the browser editor (issue #13 item 1): every file of bench/docx-fidelity/corpus
// (28 real DOCX files, see its SOURCES.md) is opened in SuperDoc in Chromium and exported again without a
// change, as a save without edits would, and judged as docx-fidelity/compare.ts says (LibreOffice renders
// before and after; same pages, same text, at most 0.5 % of any page's ink changed). Prints one row per file
// and the totals; never asserts (e2e/editor-fidelity.e2e.test.ts asserts it through the app's own save).
// Needs LibreOffice (soffice), poppler-utils and Chromium (CHROME_PATH).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { superdocPatches } from '../apps/web/build/superdoc-patches.ts';
import {
  compareRendered,
  corpusDir,
  corpusFiles,
  fidelityRow,
  renderToPdf,
} from './docx-fidelity/compare.ts';

const here = path.resolve(import.meta.dirname, 'docx-fidelity');
const corpus = corpusDir;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-docx-fidelity-'));

/** SuperDoc is installed for the web app only: the harness's imports of it resolve as the web app's would. */
const fromWebApp: Plugin = {
  name: 'superdoc-from-web-app',
  resolveId(source) {
    if (source !== 'superdoc' && !source.startsWith('superdoc/')) return null;
    return this.resolve(source, path.resolve(import.meta.dirname, '../apps/web/index.html'), {
      skipSelf: true,
    });
  },
};

async function buildHarness(): Promise<string> {
  const outDir = path.join(work, 'harness');
  await build({
    root: path.join(here, 'harness'),
    // The web app's build fixes SuperDoc's converter (endnotes, picture sizes): the harness measures the same code.
    plugins: [fromWebApp, superdocPatches()],
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

const names = corpusFiles();
console.log(
  `DOCX fidelity: ${names.length} files, SuperDoc round trip in Chromium, LibreOffice rendering at 60 dpi`,
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
await renderToPdf(corpus, before);
await renderToPdf(exported, after);

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
  const f = await compareRendered(path.join(before, pdf), path.join(after, pdf));
  if (f.kept) kept++;
  totalPages += f.pagesBefore;
  identicalPages += f.identicalPages;
  console.log(fidelityRow(name, f));
}
const median = [...readyMs].sort((x, y) => x - y)[Math.floor(readyMs.length / 2)] ?? 0;
console.log(
  `Kept: ${kept} of ${names.length} files; ${identicalPages} of ${totalPages} pages pixel-identical; ` +
    `editor ready in ${median} ms (median)`,
);
for (const f of failed) console.log(`  failed: ${f}`);
fs.rmSync(work, { recursive: true, force: true });
