// The JavaScript each page loads first, from the production build's manifest (apps/web/build/first-load.ts:
// entry, route chunk, the start language's texts and their static imports), gzip level 9 and brotli 11
// (the copies the server sends). Goals of issue #12: /signin 120 KB gzip, signing pages 150 KB gzip.
// Needs `npm run build` first. Prints the figures; bytes are deterministic for one build. The test that
// keeps them from growing is apps/web/build/bundle-size.check.ts.
import path from 'node:path';
import { MEASURED_PAGES, measureFirstLoad } from '../apps/web/build/first-load.ts';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('Page                       files   raw        gzip       brotli     goal (gzip)');
for (const target of MEASURED_PAGES) {
  const { page, goalKb } = target;
  const { files, raw, gzip, brotli } = measureFirstLoad(dist, target);
  const goal = goalKb === undefined ? '-' : `${goalKb} KB ${gzip <= goalKb * 1024 ? 'met' : 'NOT met'}`;
  console.log(
    `${page.padEnd(26)} ${String(files.length).padStart(5)}   ${kb(raw).padEnd(10)} ${kb(gzip).padEnd(10)} ${kb(brotli).padEnd(10)} ${goal}`,
  );
}
