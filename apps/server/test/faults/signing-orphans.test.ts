import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencedSigningKeys } from '../../src/commands/signing/blob-refs.ts';
import { ORPHAN_MIN_AGE_MS } from '../../src/commands/documents/blob-jobs.ts';
import { jobs } from '../../src/db/schema/index.ts';
import { enqueueJob } from '../../src/services/jobs/index.ts';
import { verifyWithPdfsig } from '../../src/services/pdf/index.ts';
import { testDbKind } from '../db.ts';
import { listBlobFiles } from '../documents-helper.ts';
import { makePdf } from '../pdf-fixtures.ts';
import { eventually, FaultHarness } from './harness.ts';
import { readyToSign, sign } from './signing-client.ts';

/**
 * A crash between storing a signee's signed PDF and committing the signature, or between storing the sealed
 * PDF and completing the round, leaves a file under `signing/` that no row references (issue 31 item 12).
 * The real server is killed at the fault points `signing.signed-pdf-stored` and `signing.sealed-pdf-stored`
 * and started again; the documents sweep (the `documents.sweep` job, run by the server's own worker) must
 * keep an orphan while it is young (it looks like an in-flight signature's), remove it once it is past the
 * grace period, and keep every referenced file; the signee signs again and the round completes.
 */
let h: FaultHarness;
beforeAll(async () => {
  h = await FaultHarness.create();
  // A saved sandbox card (signing is paid from the balance), through the sandbox's own page.
  const setup = (await (await h.api('GET', '/api/payments/setup')).json()) as { redirectUrl: string };
  const page = await fetch(setup.redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', action: 'save' }),
    redirect: 'manual',
  });
  expect(page.status).toBe(303);
});
afterAll(async () => {
  await h?.close();
});

const blobDir = () => path.join(h.dataDir, 'blobs');
/** The blob keys under `signing/` as stored on disk. */
const signingFiles = async () =>
  (await listBlobFiles(blobDir()))
    .map((f) => f.split(path.sep).join('/'))
    .filter((k) => k.startsWith('signing/'));

/** Sets the files' modification time back (the sweep reads a blob's age from it). */
async function age(keys: string[], ms: number): Promise<void> {
  const when = new Date(Date.now() - ms);
  for (const key of keys) await fsp.utimes(path.join(blobDir(), ...key.split('/')), when, when);
}

/** Queues a documents sweep and waits until the server's worker has run it (the database opens while stopped). */
async function sweep(): Promise<void> {
  const id = await h.whileStopped((db) => enqueueJob(db, 'documents.sweep', {}, { runAt: new Date() }));
  expect(id).toBeTruthy();
  await eventually('the documents sweep', () =>
    h.whileStopped(async (db) => {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id!));
      expect(row?.status).not.toBe('failed');
      return row?.status === 'done' ? true : undefined;
    }),
  );
}

describe(`a crash after a signed or sealed PDF was stored (${testDbKind})`, () => {
  it('the sweep removes the orphans of a killed signature and a killed seal, keeps referenced files, and the round completes', async () => {
    const key = `orphans-${randomBytes(8).toString('hex')}`;
    const topUp = await h.api('POST', '/api/plan/balance', { amount: 50, idempotencyKey: key });
    expect(((await topUp.json()) as { status: string }).status).toBe('OK');

    const form = new FormData();
    form.append('name', 'Lease');
    form.append('file', new Blob([new Uint8Array(await makePdf(1))]), 'lease.pdf');
    const uploaded = await fetch(`${h.server.url}/api/documents/upload/contract`, {
      method: 'POST',
      headers: h.headers,
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const docId = ((await uploaded.json()) as { document: { id: string } }).document.id;
    const email = `olli-${randomBytes(3).toString('hex')}@example.com`;
    const signee = { email, givenName: 'Olli', familyName: 'Orpo' };
    expect((await h.api('POST', `/api/signing/signee/${docId}`, signee)).status).toBe(200);
    expect((await h.api('GET', `/api/signing/send/${docId}`)).status).toBe(200);

    await h.restart('signing.signed-pdf-stored');
    const session = await readyToSign(h, email);
    const before = await signingFiles();
    const cut = sign(h, session, 'Olli Orpo');
    await h.paused(); // the signed PDF is stored, the signature not committed
    const orphans = (await signingFiles()).filter((k) => !before.includes(k));
    expect(orphans).toHaveLength(1);
    const orphan = orphans[0]!;
    await h.restart();
    expect(await cut).toBeNull(); // the kill took the request: nothing was acknowledged

    // Nothing references the orphan; every other file under signing/ belongs to the round.
    const files = await signingFiles();
    const referenced = await h.whileStopped((db) => referencedSigningKeys(db, files));
    expect(files.filter((k) => !referenced.has(k))).toEqual([orphan]);
    expect(referenced.size).toBeGreaterThan(0);

    // Right away the orphan looks like an in-flight signature's file: the sweep keeps it.
    await sweep();
    expect(await signingFiles()).toContain(orphan);

    // Past the grace period (every file, so that the referenced ones are kept for being referenced).
    await age(await signingFiles(), ORPHAN_MIN_AGE_MS + 3600_000);
    await sweep();
    const after = await signingFiles();
    expect(after).not.toContain(orphan);
    expect(after).toEqual(expect.arrayContaining([...referenced]));

    // The signee signs again on the same session; this time the server dies in the seal job, after it
    // stored the sealed PDF and before the round is completed.
    await h.restart('signing.sealed-pdf-stored');
    const beforeSeal = await signingFiles();
    const again = await sign(h, session, 'Olli Orpo');
    expect(again?.status, await again?.clone().text()).toBe(200);
    await h.paused();
    const sealFiles = (await signingFiles()).filter((k) => !beforeSeal.includes(k));
    await h.restart();
    // The seal job runs again and completes the round with a sealed PDF of its own.
    await eventually('the seal', async () => {
      const res = await h.api('GET', `/api/documents/info/${docId}`);
      const { document } = (await res.json()) as { document: { state: number } };
      return document.state === DOCUMENT_STATE.Signed ? true : undefined;
    });
    const sealed = await signingFiles();
    const keep = await h.whileStopped((db) => referencedSigningKeys(db, sealed));
    // Of the files the killed seal job saw, the sealed PDF it stored is the one nothing references.
    const sealOrphans = sealFiles.filter((k) => !keep.has(k));
    expect(sealOrphans).toHaveLength(1);
    await age(sealed, ORPHAN_MIN_AGE_MS + 3600_000);
    await sweep();
    const swept = await signingFiles();
    expect(swept).not.toContain(sealOrphans[0]);
    expect(swept).toEqual(expect.arrayContaining([...keep]));
    const signed = (await (await h.api('GET', `/api/signing/signed/${docId}`)).json()) as { source: string };
    const pdf = Buffer.from(signed.source.replace(/^data:application\/pdf;base64,/, ''), 'base64');
    const { signatures, output } = await verifyWithPdfsig(pdf);
    expect(signatures[0]?.signedBy, output).toBe('Olli Orpo');
    expect(signatures[0]?.validity, signatures[0]?.validation).toBe('valid');
  }, 900_000); // six restarts and a signing round
});
