// Server time of an identified signature (issue #29), without the signee's time at the provider:
// - advanced (level 10): one identification with the built-in TEST eID provider (OpenID Connect: begin, then
//   finish = code exchange with private_key_jwt, decryption of the encrypted ID token, signature checks), and
//   addSignature with a one-time certificate naming the verified person against one without;
// - qualified (level 20) through the built-in TEST CSC v2 service: finishService (code exchange,
//   credentials/list, credentials/info), prepareRemoteSignature, finishCredential (token, signHash) and
//   completeRemoteSignature.
// The provider's pages (login, sign-in, authorize) stand for the signee's time and are not counted. Both TEST
// services run in this process and are reached through app.inject, so the provider's own side of the code
// exchange and of signHash is counted in (as a fast remote service would answer), not any network.
// Signatures are PAdES B-B (no time-stamping authority), as in bench/signing.bench.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { registerTestCscService, testCscProvider } from '../apps/server/src/services/eid/test-csc/index.ts';
import { registerTestEidProvider, testEidProvider } from '../apps/server/src/services/eid/test-eid/index.ts';
import type { VerifiedPerson } from '../apps/server/src/services/eid/types.ts';
import {
  addSignature,
  loadSigningCa,
  prepareForSigning,
  type SigningCa,
} from '../apps/server/src/services/pdf/index.ts';
import {
  completeRemoteSignature,
  prepareRemoteSignature,
} from '../apps/server/src/services/pdf/remote-sign.ts';
import {
  PUBLIC_URL,
  RETURN_URI,
  authorizeAtTestCsc,
  identifyAtTestEid,
  signInAtTestCsc,
} from './lib/eid-pages.ts';
import { median, textPdf } from './lib/pdf.ts';

const IDENTIFICATIONS = 10;
const SIGNATURES = 20;
const QUALIFIED = 5;
const signee = { name: 'Anna Aalto', email: 'anna@example.com' };
const meta = { documentName: 'Benchmark.pdf', documentId: 'bench', lang: 'fi' as const };

/** Runs `fn` once to warm up, then `runs` times; the median of each named part and of their sum. */
async function medians(
  runs: number,
  fn: () => Promise<Record<string, number>>,
): Promise<Record<string, number>> {
  await fn();
  const all: Record<string, number>[] = [];
  for (let i = 0; i < runs; i++) all.push(await fn());
  const keys = Object.keys(all[0] ?? {});
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = median(all.map((r) => r[k] ?? 0));
  out.total = median(all.map((r) => keys.reduce((sum, k) => sum + (r[k] ?? 0), 0)));
  return out;
}

/** Times one awaited call into `parts[name]`. */
async function timed<T>(parts: Record<string, number>, name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await fn();
  parts[name] = (parts[name] ?? 0) + performance.now() - t0;
  return result;
}

async function advanced(
  app: FastifyInstance,
): Promise<{ parts: Record<string, number>; person: VerifiedPerson }> {
  const adapter = testEidProvider(app);
  let person: VerifiedPerson | undefined;
  const parts = await medians(IDENTIFICATIONS, async () => {
    const p: Record<string, number> = {};
    const request = await timed(p, 'begin', () =>
      adapter.begin({ redirectUri: RETURN_URI, lang: 'fi', method: 'fi-trust-network' }),
    );
    const response = await identifyAtTestEid(app, request.url, 'anna'); // the signee's time: not counted
    ({ person } = await timed(p, 'finish', () =>
      adapter.finish(response, { ...request, redirectUri: RETURN_URI }),
    ));
    return p;
  });
  if (!person) throw new Error('no identification');
  return { parts, person };
}

/** addSignature with and without `identified`, alternating so that both see the same load. */
async function signatures(
  ca: SigningCa,
  person: VerifiedPerson,
): Promise<{ plain: number; identified: number }> {
  const { pdf } = await prepareForSigning(await textPdf(1), [{ ...signee, level: 'Advanced' }], meta);
  const identified = { person, method: 'FTN (FI)', provider: 'sinetti.test', test: true };
  const once = async (withIdentity: boolean) => {
    const t0 = performance.now();
    await addSignature(pdf, {
      signer: { name: withIdentity ? person.name : signee.name, email: signee.email },
      method: withIdentity ? 'FTN (FI), TEST (advanced)' : 'Email code (simple)',
      signedAt: new Date(),
      stampSlot: 0,
      ca,
      identified: withIdentity ? identified : undefined,
    });
    return performance.now() - t0;
  };
  for (let i = 0; i < 5; i++) await once(i % 2 === 0);
  const plain: number[] = [];
  const withId: number[] = [];
  for (let i = 0; i < SIGNATURES; i++) {
    plain.push(await once(false));
    withId.push(await once(true));
  }
  return { plain: median(plain), identified: median(withId) };
}

async function qualified(app: FastifyInstance): Promise<Record<string, number>> {
  const provider = testCscProvider(app);
  const { pdf } = await prepareForSigning(await textPdf(1), [{ ...signee, level: 'Qualified' }], meta);
  return medians(QUALIFIED, async () => {
    const p: Record<string, number> = {};
    const service = await timed(p, 'beginService', () =>
      provider.beginService({ redirectUri: RETURN_URI, lang: 'fi' }),
    );
    const signedIn = await signInAtTestCsc(app, service.url, 'anna'); // the signee's time: not counted
    const { credential } = await timed(p, 'finishService', () =>
      provider.finishService(signedIn, { ...service, redirectUri: RETURN_URI }),
    );
    const signedAt = new Date();
    const prep = await timed(p, 'prepareRemoteSignature', () =>
      prepareRemoteSignature(pdf, {
        certificates: credential.certificates,
        field: {
          fieldPrefix: 'Signee',
          stamp: {
            slot: 0,
            text: { ...signee, signedAt, method: 'Qualified (TEST)', lang: 'fi' },
          },
          signedAt,
          name: credential.person.name,
        },
        tsa: null,
      }),
    );
    const authorization = await timed(p, 'beginCredential', () =>
      provider.beginCredential({
        redirectUri: RETURN_URI,
        lang: 'fi',
        credentialId: credential.credentialId,
        hash: prep.hash,
      }),
    );
    const authorized = await authorizeAtTestCsc(app, authorization.url); // the signee's time: not counted
    const { signature } = await timed(p, 'finishCredential', () =>
      provider.finishCredential(
        authorized,
        { ...authorization, redirectUri: RETURN_URI },
        { credentialId: credential.credentialId, hash: prep.hash, signAlgo: credential.signAlgo },
      ),
    );
    await timed(p, 'completeRemoteSignature', () =>
      completeRemoteSignature(pdf, {
        ...prep,
        signature,
        certificates: credential.certificates,
        signAlgo: credential.signAlgo,
        tsa: null,
      }),
    );
    return p;
  });
}

/** One figure, its label padded so that the figures line up. */
const row = (label: string, x: number | undefined) =>
  console.log(`${label.padEnd(78)}${(x ?? 0).toFixed(1).padStart(7)} ms`);

async function main(): Promise<void> {
  console.log(
    `Identified signature, server time without the signee's time at the provider (TEST eID / TEST CSC in process), ` +
      `median of runs; ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'sinetti-bench-eid-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    CONVERSION_ENGINE: 'test',
    BLOB_DIR: path.join(dir, 'blobs'),
    EID_TEST_PROVIDERS: 'on',
  });
  const app = await buildApp(config, { database, clock: systemClock, logger: false });
  try {
    // app.ts mounts both when EID_TEST_PROVIDERS is on; a second call does nothing.
    registerTestEidProvider(app);
    registerTestCscService(app);
    await app.ready();
    const ca = await loadSigningCa({ dir: path.join(dir, 'signing-ca'), name: 'bench.test' });

    const { parts: id, person } = await advanced(app);
    console.log(
      `Advanced (level 10), TEST eID over OpenID Connect, median of ${IDENTIFICATIONS} identifications:`,
    );
    row('  begin (authorization request, PKCE, state, nonce)', id.begin);
    row('  finish (code exchange with private_key_jwt, JWE decryption, JWS checks)', id.finish);
    row('  identification, server side', id.total);
    const sig = await signatures(ca, person);
    console.log(`  addSignature, 1-page PDF, median of ${SIGNATURES}:`);
    row('    without identified (simple one-time certificate)', sig.plain);
    row('    with identified (one-time certificate naming the verified person)', sig.identified);
    row('  identified signature in all (identification + addSignature)', (id.total ?? 0) + sig.identified);

    const q = await qualified(app);
    console.log(`Qualified (level 20), TEST CSC v2 service, median of ${QUALIFIED} signatures:`);
    row('  beginService', q.beginService);
    row('  finishService (code exchange, credentials/list, credentials/info)', q.finishService);
    row('  prepareRemoteSignature (layout, signed attributes, hash)', q.prepareRemoteSignature);
    row('  beginCredential', q.beginCredential);
    row('  finishCredential (credential token, signHash)', q.finishCredential);
    row('  completeRemoteSignature (CMS with the QTSP chain)', q.completeRemoteSignature);
    row('  qualified signature in all, server side', q.total);
  } finally {
    await app.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
