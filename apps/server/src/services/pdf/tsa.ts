import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { ContentInfo } from 'pkijs';
import { AlgorithmIdentifier, MessageImprint, SignedData, TSTInfo, TimeStampReq, TimeStampResp } from 'pkijs';
import { arrayBuffer } from './ca/keys.ts';
import type { TimestampUnit } from './tsa-unit.ts';

/**
 * Who time-stamps: an outside RFC 3161 authority (SIGNING_TSA_URL, over HTTP within `timeoutMs`) or the
 * instance's own time-stamping unit, called in-process (tsa-unit.ts).
 */
export type TsaOptions = { url: string; timeoutMs: number } | { unit: TimestampUnit };

/** The time-stamping authority failed or answered something unusable: signing stops (nothing is half-done). */
export class TsaError extends Error {
  override readonly name = 'TsaError';
}

export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
export const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';
const DATA_OID = '1.2.840.113549.1.7.1';

/** A time-stamp token over `data` (for PAdES B-T: the signature value). */
export function requestTimestamp(tsa: TsaOptions, data: Uint8Array): Promise<ContentInfo> {
  return timestampDigest(tsa, createHash('sha256').update(data).digest());
}

/**
 * Asks for a time-stamp token over a SHA-256 `hash` and checks the answer: status granted, a TSTInfo
 * whose message imprint and nonce are ours, signed by the certificate in the token. Every failure is a
 * TsaError (also a timeout of an outside authority).
 */
export async function timestampDigest(tsa: TsaOptions, hash: Uint8Array): Promise<ContentInfo> {
  const nonce = randomBytes(8);
  // A positive INTEGER with no leading zero byte: its DER encoding is exactly these 8 bytes.
  nonce[0] = nonce[0]! & 0x7f || 0x01;
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({
      hashAlgorithm: new AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(hash).buffer }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  const body = new Uint8Array(request.toSchema().toBER()) as Uint8Array<ArrayBuffer>;
  let response: TimeStampResp;
  try {
    const reply = 'unit' in tsa ? arrayBuffer(await tsa.unit.respond(body)) : await post(tsa, body);
    response = TimeStampResp.fromBER(reply);
  } catch (err) {
    if (err instanceof TsaError) throw err;
    throw new TsaError(`The time-stamping authority could not be used: ${(err as Error).message}`, {
      cause: err,
    });
  }
  if (response.status.status > 1 || !response.timeStampToken) {
    throw new TsaError(`The time-stamping authority refused the request (status ${response.status.status}).`);
  }
  const token = response.timeStampToken;
  const info = tstInfoOf(token);
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (info.messageImprint.hashAlgorithm.algorithmId !== SHA256_OID || !imprint.equals(hash)) {
    throw new TsaError('The time-stamp token is over different data.');
  }
  if (!info.nonce || !sameInteger(Buffer.from(info.nonce.valueBlock.valueHexView), nonce)) {
    throw new TsaError('The time-stamp token does not answer this request (nonce).');
  }
  if (!(await tokenSignatureVerifies(token))) {
    throw new TsaError('The time-stamp token signature does not verify.');
  }
  return token;
}

async function post(
  tsa: { url: string; timeoutMs: number },
  body: Uint8Array<ArrayBuffer>,
): Promise<ArrayBuffer> {
  const res = await fetch(tsa.url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body,
    signal: AbortSignal.timeout(tsa.timeoutMs),
  });
  if (!res.ok) throw new TsaError(`The time-stamping authority answered HTTP ${res.status}.`);
  return res.arrayBuffer();
}

/** The TSTInfo of a time-stamp token (a SignedData whose content is a TSTInfo). */
export function tstInfoOf(token: ContentInfo): TSTInfo {
  const signed = new SignedData({ schema: token.content });
  const eContent = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== TST_INFO_OID || !eContent) {
    throw new TsaError('The time-stamp token holds no TSTInfo.');
  }
  return TSTInfo.fromBER(eContent.getValue());
}

/**
 * Whether the token's signer (a certificate in the token) signed its TSTInfo. pkijs checks a TSTInfo only
 * against the time-stamped data itself, which a document time-stamp does not have in memory (only its
 * hash, checked above); read as plain data, the same signature check covers the TSTInfo's bytes.
 */
async function tokenSignatureVerifies(token: ContentInfo): Promise<boolean> {
  const signed = new SignedData({ schema: token.content });
  signed.encapContentInfo.eContentType = DATA_OID;
  return signed.verify({ signer: 0, checkChain: false }).catch(() => false);
}

/** Whether two big-endian INTEGER encodings hold the same value (a TSA may add or drop a redundant zero byte). */
export function sameInteger(a: Buffer, b: Buffer): boolean {
  return trimInteger(a).equals(trimInteger(b));
}

function trimInteger(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0 && bytes[i + 1]! < 0x80) i++;
  return bytes.subarray(i);
}
