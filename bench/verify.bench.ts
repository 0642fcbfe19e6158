// Time to verify a document with three signee signatures, the platform seal and the document time-stamp
// after the seal's DSS (four signatures and a time-stamp, PAdES B-LTA): the whole report of POST /api/verify,
// measured in-process (the same function the PDF worker runs) and through the worker pool.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addPlatformSeal,
  addSignature,
  currentCrl,
  loadSigningCa,
  prepareForSigning,
  timestampUnitOf,
} from '../apps/server/src/services/pdf/index.ts';
import { verifyPdf, verifySignedPdf } from '../apps/server/src/services/pdf/verification/index.ts';
import { median, textPdf } from './lib/pdf.ts';

const GOAL_MS = 300;
const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sinetti-bench-verify-'));
  try {
    const ca = await loadSigningCa({ dir: path.join(dir, 'signing-ca'), name: 'bench.test' });
    const tsa = { unit: timestampUnitOf(ca) };
    const signees = ['Anna Äijälä', 'Ben Berg', 'Cecilia Czech'].map((name, i) => ({
      name,
      email: `signee${i}@example.com`,
    }));
    let { pdf } = await prepareForSigning(
      await textPdf(10),
      signees.map((s) => ({ ...s, level: 'Simple' as const })),
      { documentName: 'Bench.pdf', documentId: 'bench', lang: 'en' },
    );
    for (const [i, signer] of signees.entries()) {
      pdf = await addSignature(pdf, { signer, method: 'x', signedAt: new Date(), stampSlot: i, ca, tsa });
    }
    pdf = await addPlatformSeal(pdf, { ca, tsa });
    const input = { pdf, caDer: ca.der, caCrlDer: (await currentCrl(ca)).der };
    const first = verifyPdf(input);
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const t0 = performance.now();
      verifyPdf(input);
      times.push(performance.now() - t0);
    }
    const pooled: number[] = [];
    await verifySignedPdf(pdf, ca); // starts the worker
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await verifySignedPdf(pdf, ca);
      pooled.push(performance.now() - t0);
    }
    const levels = first.signatures.map((s) => s.level).join(', ');
    const ms = median(times);
    console.log(
      `verify ${first.signatures.length} signatures (${levels}; verdict ${first.verdict}): ` +
        `${ms.toFixed(1)} ms median   goal < ${GOAL_MS} ms: ${verdict(ms < GOAL_MS)}`,
    );
    console.log(`the same through the PDF worker pool: ${median(pooled).toFixed(1)} ms median`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
