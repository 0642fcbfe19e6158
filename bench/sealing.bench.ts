// Peak memory of each step of a signature's life on large PDFs (issue 11 item 4 and the benchmark list): the
// version to be signed (prepare), one signee's signature (B-T, time-stamped) and the seal with the DSS and the
// document time-stamp (B-LTA), for a text-heavy 6,000-page PDF and a ~50 MB image-heavy PDF. Each step runs in
// its own child process (maxRSS is a process's lifetime peak), after a warm-up on a 1-page file, so the figure
// is the step's own growth: the input (read into shared memory as the server reads it) and output included.
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  addPlatformSeal,
  addSignature,
  loadSigningCa,
  prepareSignable,
  pdfWorkers,
  timestampUnitOf,
  verifyWithPdfsig,
  type PdfRun,
  type SigningCa,
} from '../apps/server/src/services/pdf/index.ts';
import { GrowingPdf } from '../apps/server/src/services/pdf/growing-pdf.ts';
import { DEFAULT_POOL_OPTIONS } from '../apps/server/src/services/pdf/workers.ts';
import { imagePdf, textPdf } from './lib/pdf.ts';

const GOAL_MEMORY_FACTOR = 3;
const GOAL_SEAL_MS = 2000;
const signer = { name: 'Matti Meikäläinen', email: 'matti@example.com' };
const meta = { documentName: 'Benchmark.pdf', documentId: 'bench', lang: 'fi' as const };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
type Step = 'prepare' | 'sign' | 'seal';
/** The default pool, but with time for a loaded machine (the figure measured is memory, not the time limit). */
const run: PdfRun = {
  workers: pdfWorkers({ ...DEFAULT_POOL_OPTIONS, taskTimeoutMs: 900_000 }),
  owner: 'bench',
};

async function runStep(step: Step, pdf: Uint8Array, ca: SigningCa): Promise<Uint8Array> {
  const tsa = { unit: timestampUnitOf(ca) };
  if (step === 'prepare')
    return (await prepareSignable(pdf, [{ ...signer, level: 'Simple' }], meta, run)).pdf;
  if (step === 'sign') {
    return addSignature(pdf, { signer, method: 'x', signedAt: new Date(), stampSlot: 0, ca, tsa, run });
  }
  return addPlatformSeal(pdf, { ca, tsa, run });
}

/** Child process: one step on the file, reporting the peak RSS growth and the time. */
async function child(step: Step, file: string, caDir: string, out: string): Promise<void> {
  const ca = await loadSigningCa({ dir: caDir, name: 'bench.test' });
  let warm = (await prepareSignable(await textPdf(1), [{ ...signer, level: 'Simple' }], meta, run)).pdf;
  warm = await runStep('sign', warm, ca);
  await runStep('seal', warm, ca);
  const before = process.memoryUsage().rss;
  // Read as the server reads a stored PDF before signing or sealing (commands/signing/common.ts readPdf).
  const pdf = (await GrowingPdf.read(createReadStream(file))).bytes;
  const t0 = performance.now();
  const result = await runStep(step, pdf, ca);
  const ms = performance.now() - t0;
  const peak = process.resourceUsage().maxRSS * 1024;
  await writeFile(out, result);
  process.stdout.write(JSON.stringify({ size: pdf.length, growth: peak - before, ms }));
}

function spawnStep(step: Step, file: string, caDir: string, out: string) {
  const run = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, '--child', step, file, caDir, out],
    {
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`${step} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { size: number; growth: number; ms: number };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sinetti-bench-'));
  try {
    const caDir = path.join(dir, 'signing-ca');
    await loadSigningCa({ dir: caDir, name: 'bench.test' });
    console.log(
      `Peak memory (RSS growth of a child process, input and output included) per step, B-T signature and ` +
        `B-LTA seal with the own time-stamping unit; ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const inputs: [string, () => Promise<Uint8Array>][] = [
      ['text, 6,000 pages', () => textPdf(6000)],
      ['images, ~50 MB', () => imagePdf(50)],
    ];
    const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
    for (const [label, build] of inputs) {
      let file = path.join(dir, 'input.pdf');
      await writeFile(file, await build());
      for (const step of ['prepare', 'sign', 'seal'] as const) {
        const out = path.join(dir, `${step}.pdf`);
        const r = spawnStep(step, file, caDir, out);
        const factor = r.growth / r.size;
        const time =
          step === 'seal' ? `   seal goal < ${GOAL_SEAL_MS} ms: ${verdict(r.ms < GOAL_SEAL_MS)}` : '';
        console.log(
          `${label.padEnd(18)} ${step.padEnd(7)} (${mb(r.size)} in): ${r.ms.toFixed(0).padStart(6)} ms, ` +
            `peak growth ${mb(r.growth)} = ${factor.toFixed(2)}× the file   goal < ${GOAL_MEMORY_FACTOR}×: ` +
            `${verdict(factor < GOAL_MEMORY_FACTOR)}${time}`,
        );
        file = out;
      }
      const check = await verifyWithPdfsig(await readFile(file));
      console.log(
        `${label.padEnd(18)} pdfsig on the sealed file: ${check.signatures.map((s) => s.validity).join(', ')}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Step, process.argv[4]!, process.argv[5]!, process.argv[6]!);
} else await main();
