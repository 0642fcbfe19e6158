// Checks of signed PDFs with other tools than our own code: OpenSSL (cms, ts, crl, x509), poppler's pdfsig
// with the CA in an NSS database, and MuPDF's `mutool sign -v` (issue 11 item 7).
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ContentInfo } from 'pkijs';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { pem } from '../src/services/pdf/ca/keys.ts';
import { CMS_OID } from '../src/services/pdf/cms.ts';
import { byteRanges, cmsOf, tempDir } from './pdf-fixtures.ts';

const exec = promisify(execFile);

/** Runs a tool; its output (stdout and stderr together) whatever the exit code. */
export async function tool(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout, stderr } = await exec(cmd, args, {
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; code?: unknown };
    if (typeof e.stdout !== 'string') throw error;
    return `${e.stdout}${e.stderr ?? ''}\n[exit ${String(e.code)}]`;
  }
}

/** A directory with the CA as PEM, and an NSS database that trusts it (for `pdfsig -nssdir`). */
export async function trustDir(ca: SigningCa): Promise<{ dir: string; caPem: string; nssdir: string }> {
  const dir = await tempDir('sinetti-trust-');
  const caPem = path.join(dir, 'ca.pem');
  await writeFile(caPem, pem.encode(ca.der, 'CERTIFICATE'));
  const nssdir = `sql:${path.join(dir, 'nss')}`;
  await exec('mkdir', [path.join(dir, 'nss')]);
  await exec('certutil', ['-N', '-d', nssdir, '--empty-password']);
  await exec('certutil', ['-A', '-d', nssdir, '-n', 'Sinetti test CA', '-t', 'C,C,C', '-i', caPem]);
  return { dir, caPem, nssdir };
}

/** pdfsig with the CA trusted; `faketime` shifts the clock it validates at (e.g. '+365 days'). */
export async function pdfsigTrusted(file: string, nssdir: string, faketime?: string): Promise<string> {
  return faketime
    ? tool('faketime', [faketime, 'pdfsig', '-nssdir', nssdir, file])
    : tool('pdfsig', ['-nssdir', nssdir, file]);
}

/** MuPDF's verdict on every signature; `faketime` as above. */
export async function mutoolVerify(file: string, faketime?: string): Promise<string> {
  return faketime
    ? tool('faketime', [faketime, 'mutool', 'sign', '-v', file])
    : tool('mutool', ['sign', '-v', file]);
}

/** The n-th signature's CMS (DER) and the bytes it signs, written to files for `openssl cms -verify`. */
export async function extractSignature(
  pdf: Uint8Array,
  n: number,
  dir: string,
): Promise<{ cms: string; content: string }> {
  const [a, b, c, d] = byteRanges(pdf)[n]!;
  const padded = Buffer.from(Buffer.from(pdf.subarray(b + 1, c - 1)).toString('latin1'), 'hex');
  const cms = path.join(dir, `sig-${n}.der`);
  const content = path.join(dir, `sig-${n}.content`);
  await writeFile(cms, padded.subarray(0, derLength(padded)));
  await writeFile(content, Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]));
  return { cms, content };
}

/** The signature time-stamp token of the n-th signature (DER file) and the SHA-256 (hex) it must cover. */
export async function extractSignatureToken(
  pdf: Uint8Array,
  n: number,
  dir: string,
): Promise<{ token: string; digest: string }> {
  const info = cmsOf(pdf, n).signed.signerInfos[0]!;
  const attribute = info.unsignedAttrs?.attributes.find((a) => a.type === CMS_OID.signatureTimeStampToken);
  if (!attribute) throw new Error(`Signature #${n} has no signature time-stamp`);
  const token = path.join(dir, `token-${n}.der`);
  await writeFile(token, Buffer.from(new ContentInfo({ schema: attribute.values[0] }).toSchema().toBER()));
  const digest = createHash('sha256').update(info.signature.valueBlock.valueHexView).digest('hex');
  return { token, digest };
}

/** The length of the DER element at the start of `der` (the rest of /Contents is zero padding). */
export function derLength(der: Uint8Array): number {
  const first = der[1]!;
  if (first < 0x80) return 2 + first;
  const n = first & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + der[2 + i]!;
  return 2 + n + length;
}

/** `openssl ts -verify` of a token file against a SHA-256 digest (hex) and the CA. */
export function verifyToken(token: string, digest: string, caPem: string): Promise<string> {
  return tool('openssl', ['ts', '-verify', '-digest', digest, '-token_in', '-in', token, '-CAfile', caPem]);
}
