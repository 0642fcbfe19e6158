// Time to add one PAdES signature (stamp + one-time key and certificate + CMS + incremental update) to a
// prepared 1-page and 50-page PDF, a bare RSA-2048 signature as reference, and the peak memory of
// signing a 50 MB PDF (measured in a child process so that building the file does not count).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  addSignature,
  loadSigningCa,
  prepareForSigning,
  verifyWithPdfsig,
  type SigningCa,
} from '../apps/server/src/services/pdf/index.ts';
import { imagePdf, median, textPdf } from './lib/pdf.ts';

const GOAL_ONE_PAGE_MS = 150;
const GOAL_MEMORY_FACTOR = 3;
const signer = { name: 'Matti Meikäläinen', email: 'matti@example.com' };
const meta = { documentName: 'Benchmark.pdf', documentId: 'bench', lang: 'fi' as const };
const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timeSignature(pdf: Uint8Array, ca: SigningCa, runs: number): Promise<number> {
  const once = async () => {
    const t0 = performance.now();
    await addSignature(pdf, {
      signer,
      method: 'Email code (simple)',
      signedAt: new Date(),
      stampSlot: 0,
      ca,
    });
    return performance.now() - t0;
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  return median(times);
}

/** Child process: sign the prepared large PDF once and report the peak RSS growth. */
async function child(file: string, caDir: string, out: string): Promise<void> {
  const ca = await loadSigningCa({ dir: caDir, name: 'bench.test' });
  const warm = await prepareForSigning(await textPdf(1), [{ ...signer, level: 'Simple' }], meta);
  await addSignature(warm.pdf, { signer, method: 'x', signedAt: new Date(), stampSlot: 0, ca });
  const before = process.memoryUsage().rss;
  const pdf = await readFile(file);
  const t0 = performance.now();
  const signed = await addSignature(pdf, { signer, method: 'x', signedAt: new Date(), stampSlot: 0, ca });
  const ms = performance.now() - t0;
  const peak = process.resourceUsage().maxRSS * 1024;
  await writeFile(out, signed);
  process.stdout.write(JSON.stringify({ size: pdf.length, growth: peak - before, ms }));
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sinetti-bench-'));
  try {
    const caDir = path.join(dir, 'signing-ca');
    const ca = await loadSigningCa({ dir: caDir, name: 'bench.test' });
    console.log(
      `PDF signing (PAdES B-B, one-time ECDSA P-256 key per signature), median of runs; ` +
        `${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
    );

    const onePage = await prepareForSigning(await textPdf(1), [{ ...signer, level: 'Simple' }], meta);
    const one = await timeSignature(onePage.pdf, ca, 30);
    const fifty = await prepareForSigning(await textPdf(50), [{ ...signer, level: 'Simple' }], meta);
    const many = await timeSignature(fifty.pdf, ca, 15);

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const data = randomBytes(64);
    const rsaTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      sign('sha256', data, privateKey);
      rsaTimes.push(performance.now() - t0);
    }
    const rsa = median(rsaTimes.slice(20));

    const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');
    console.log(
      `1-page PDF   (${mb(onePage.pdf.length)}): ${one.toFixed(1).padStart(7)} ms per signature   goal < ${GOAL_ONE_PAGE_MS} ms: ${verdict(one < GOAL_ONE_PAGE_MS)}`,
    );
    console.log(`50-page PDF  (${mb(fifty.pdf.length)}): ${many.toFixed(1).padStart(7)} ms per signature`);
    console.log(`bare RSA-2048 signature (node:crypto): ${rsa.toFixed(2)} ms  (reference)`);

    const big = await prepareForSigning(await imagePdf(50), [{ ...signer, level: 'Simple' }], meta);
    const bigFile = path.join(dir, 'large.pdf');
    const outFile = path.join(dir, 'large-signed.pdf');
    await writeFile(bigFile, big.pdf);
    const run = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, '--child', bigFile, caDir, outFile],
      {
        encoding: 'utf8',
        maxBuffer: 1024 * 1024,
      },
    );
    if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
    const r = JSON.parse(run.stdout) as { size: number; growth: number; ms: number };
    const ok = r.growth < GOAL_MEMORY_FACTOR * r.size;
    console.log(
      `${mb(r.size)} PDF: signed in ${r.ms.toFixed(0)} ms, peak RSS growth ${mb(r.growth)} = ${(r.growth / r.size).toFixed(2)}× the file ` +
        `(input and output buffers included)   goal < ${GOAL_MEMORY_FACTOR}×: ${verdict(ok)}`,
    );
    const check = await verifyWithPdfsig(await readFile(outFile));
    console.log(`pdfsig on the signed 50 MB file: ${check.signatures.map((s) => s.validation).join(', ')}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!, process.argv[5]!);
else await main();
