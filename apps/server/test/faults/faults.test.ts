import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, jobs, signingProcesses } from '../../src/db/schema/index.ts';
import { verifyWithPdfsig } from '../../src/services/pdf/index.ts';
import { makeDocx } from '../fixtures/office.ts';
import { makePdf } from '../pdf-fixtures.ts';
import { eventually, FaultHarness } from './harness.ts';
import { readyToSign, sign } from './signing-client.ts';
import { testDbKind } from '../db.ts';

/**
 * Kills the real server (SIGKILL by pid) in the middle of an upload, a payment, a conversion, a signee's
 * signature and the seal, starts it again on the same DATA_DIR and database, and checks the invariants:
 * no acknowledged document lost, ledger = balance, a retried payment settles once, every signed PDF
 * verifies, and the interrupted jobs finish within a minute of the restart. The conversion, signature and
 * seal kills land at fault points (src/lib/fault-points.ts), not after a guessed sleep.
 */
let h: FaultHarness;
/** Every document the server acknowledged (answered 200 for). */
const acknowledged: string[] = [];
/** Jobs interrupted by a kill: their kind, the document they were about, and when the server was up again. */
const interrupted: { kind: 'document.convert' | 'signing.seal'; documentId: string; restartedAt: number }[] =
  [];

async function upload(name: string, file: { bytes: Uint8Array; fileName: string }): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.fileName);
  const res = await fetch(`${h.server.url}/api/documents/upload/contract`, {
    method: 'POST',
    headers: h.headers,
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const id = ((await res.json()) as { document: { id: string } }).document.id;
  acknowledged.push(id);
  return id;
}

const uploadPdf = async (name: string, pages = 1) =>
  upload(name, { bytes: await makePdf(pages), fileName: `${name}.pdf` });

async function documentInfo(id: string): Promise<{ conversion: string; state: number }> {
  const res = await h.api('GET', `/api/documents/info/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { document: { conversion: string; state: number } }).document;
}

/** Balance and the ledger's sum as the API reports them. */
async function balanceAndLedger(): Promise<{ balance: number; ledger: number }> {
  const balance = ((await (await h.api('GET', '/api/plan/balance')).json()) as { balance: number }).balance;
  const list = (await (await h.api('GET', '/api/plan/transactions')).json()) as {
    transactions: { amount: number }[];
  };
  return { balance, ledger: list.transactions.reduce((sum, t) => sum + t.amount, 0) };
}

const topUp = async (euros: number, key = `faults-${randomBytes(8).toString('hex')}`) =>
  (await (await h.api('POST', '/api/plan/balance', { amount: euros, idempotencyKey: key })).json()) as {
    status: string;
  };

beforeAll(async () => {
  h = await FaultHarness.create();
  // A saved sandbox card, through the sandbox's own page as a browser would.
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

describe(`killing the server (${testDbKind})`, () => {
  it('during an upload stream: the documents acknowledged before it are all there after the restart', async () => {
    const kept = await uploadPdf('Acknowledged');
    const pdf = Buffer.from(await makePdf(30));
    const boundary = `----sinetti${randomBytes(8).toString('hex')}`;
    const request = http.request(`${h.server.url}/api/documents/upload/contract`, {
      method: 'POST',
      headers: { ...h.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const failed = new Promise<void>((resolve) => {
      request.on('error', () => resolve());
      request.on('response', () => resolve());
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    request.write(pdf.subarray(0, Math.floor(pdf.length / 2)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await h.restart();
    await failed;
    expect((await h.api('GET', `/api/documents/info/${kept}`)).status).toBe(200);
    expect(await uploadPdf('After the restart')).toBeTruthy();
  });

  it('during a payment: the retried top-up settles once and the ledger equals the balance', async () => {
    const key = `faults-${randomBytes(8).toString('hex')}`;
    const sent = topUp(25, key).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await h.restart();
    await sent;
    const retry = await topUp(25, key);
    expect(['OK', 'PAYMENT_PENDING']).toContain(retry.status);
    const { balance, ledger } = await balanceAndLedger();
    expect(balance).toBe(ledger);
    expect(balance).toBe(retry.status === 'OK' ? 2500 : 0);
  });

  it('during a conversion: after the restart the DOCX converts', async () => {
    await h.restart('conversion.converted');
    const paragraph = '<w:p><w:r><w:t>Vuokrasopimus, kesken muunnoksen</w:t></w:r></w:p>';
    const id = await upload('Lease draft', { bytes: makeDocx(paragraph), fileName: 'lease.docx' });
    await h.paused();
    const restartedAt = await h.restart();
    interrupted.push({ kind: 'document.convert', documentId: id, restartedAt });
    const info = await eventually('the conversion', async () => {
      const doc = await documentInfo(id);
      return doc.conversion === 'pending' ? undefined : doc;
    });
    expect(info.conversion).toBe('done');
  });

  it("during a signee's signature and during the seal: the round completes and every signature verifies", async () => {
    expect((await topUp(50)).status).toBe('OK');
    const docId = await uploadPdf('Two-party lease', 2);
    const people = [
      { email: `anna-${randomBytes(3).toString('hex')}@example.com`, givenName: 'Anna', familyName: 'Aalto' },
      { email: `ben-${randomBytes(3).toString('hex')}@example.com`, givenName: 'Ben', familyName: 'Berg' },
    ];
    for (const p of people) {
      expect((await h.api('POST', `/api/signing/signee/${docId}`, p)).status).toBe(200);
    }
    expect((await h.api('GET', `/api/signing/send/${docId}`)).status).toBe(200);

    await h.restart('signing.signed-pdf-stored');
    const anna = await readyToSign(h, people[0]!.email);
    const cut = sign(h, anna, 'Anna Aalto');
    await h.paused();
    await h.restart('signing.sealed-pdf-stored');
    expect(await cut).toBeNull(); // the kill took the request: nothing was acknowledged
    // The signee tries again on the same session: the signature is made once.
    const again = await sign(h, anna, 'Anna Aalto');
    expect(again?.status, await again?.clone().text()).toBe(200);

    const ben = await readyToSign(h, people[1]!.email);
    expect((await sign(h, ben, 'Ben Berg'))?.status).toBe(200);
    await h.paused(); // the seal job holds the sealed PDF, the round is not completed yet
    const restartedAt = await h.restart();
    interrupted.push({ kind: 'signing.seal', documentId: docId, restartedAt });
    await eventually('the seal', async () =>
      (await documentInfo(docId)).state === DOCUMENT_STATE.Signed ? true : undefined,
    );

    const signed = (await (await h.api('GET', `/api/signing/signed/${docId}`)).json()) as { source: string };
    const pdf = Buffer.from(signed.source.replace(/^data:application\/pdf;base64,/, ''), 'base64');
    const { signatures, output } = await verifyWithPdfsig(pdf);
    // Both signees and the platform seal, then the document time-stamp over the whole file (PAdES B-LTA;
    // pdfsig cannot check an ETSI.RFC3161 time-stamp itself).
    expect(
      signatures.map((s) => s.signedBy),
      output,
    ).toEqual(['Anna Aalto', 'Ben Berg', 'Sinetti platform seal', 'Sinetti time-stamping unit']);
    for (const s of signatures.slice(0, 3)) expect(s.validity, s.validation).toBe('valid');
    expect(signatures.at(-1)?.coversWholeDocument).toBe(true);
  }, 600_000); // three restarts and a signing round

  it('after all the kills: no acknowledged document is lost, ledger = balance, interrupted jobs finished', async () => {
    const { balance, ledger } = await balanceAndLedger();
    expect(balance).toBe(ledger);
    for (const id of acknowledged) expect((await h.api('GET', `/api/documents/info/${id}`)).status).toBe(200);
    // The job rows and the documents as stored (the embedded database opens only while the server is down).
    const { rows, processes, stored } = await h.whileStopped(async (db) => ({
      rows: await db.select().from(jobs).where(eq(jobs.status, 'done')),
      processes: await db.select().from(signingProcesses),
      stored: await db.select({ id: documents.id }).from(documents),
    }));
    expect(stored.map((d) => d.id)).toEqual(expect.arrayContaining(acknowledged));
    expect(interrupted.map((j) => j.kind).sort()).toEqual(['document.convert', 'signing.seal']);
    for (const job of interrupted) {
      const process = processes.find((p) => p.documentId === job.documentId);
      const row = rows.find(
        (r) =>
          r.kind === job.kind &&
          (job.kind === 'document.convert'
            ? r.payload.documentId === job.documentId
            : r.payload.processId === process?.id),
      );
      expect(row, job.kind).toBeDefined();
      // An invariant with a generous bound (a stuck job would never finish), not a performance check.
      const afterRestart = (row?.finishedAt?.getTime() ?? Infinity) - job.restartedAt;
      expect(afterRestart, `${job.kind} finished ${afterRestart} ms after the restart`).toBeLessThanOrEqual(
        60_000,
      );
    }
  });
});
