import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { ContentInfo } from 'pkijs';
import { AlgorithmIdentifier, MessageImprint, SignedData, TSTInfo, TimeStampReq, TimeStampResp } from 'pkijs';
import { arrayBuffer } from './ca/keys.ts';

/** An RFC 3161 time-stamping authority (SIGNING_TSA_URL). */
export interface TsaOptions {
  url: string;
  timeoutMs: number;
}

const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';

/**
 * Asks the TSA for a time-stamp token over `data` (for PAdES B-T: the signature value) and checks the
 * answer: status granted, token signed over a TSTInfo whose message imprint and nonce are ours.
 */
export async function requestTimestamp(tsa: TsaOptions, data: Uint8Array): Promise<ContentInfo> {
  const hash = createHash('sha256').update(data).digest();
  const nonce = randomBytes(8);
  // A positive INTEGER with no leading zero byte: its DER encoding is exactly these 8 bytes.
  nonce[0] = nonce[0]! & 0x7f || 0x01;
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({
      hashAlgorithm: new AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({ valueHex: hash }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  const res = await fetch(tsa.url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: new Uint8Array(request.toSchema().toBER()),
    signal: AbortSignal.timeout(tsa.timeoutMs),
  });
  if (!res.ok) throw new Error(`The time-stamping authority answered HTTP ${res.status}.`);
  const response = TimeStampResp.fromBER(await res.arrayBuffer());
  if (response.status.status > 1 || !response.timeStampToken) {
    throw new Error(`The time-stamping authority refused the request (status ${response.status.status}).`);
  }
  const token = response.timeStampToken;
  const signed = new SignedData({ schema: token.content });
  const eContent = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== TST_INFO_OID || !eContent) {
    throw new Error('The time-stamp token holds no TSTInfo.');
  }
  const info = TSTInfo.fromBER(eContent.getValue());
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (info.messageImprint.hashAlgorithm.algorithmId !== SHA256_OID || !imprint.equals(hash)) {
    throw new Error('The time-stamp token is over different data.');
  }
  if (!info.nonce || !sameInteger(Buffer.from(info.nonce.valueBlock.valueHexView), nonce)) {
    throw new Error('The time-stamp token does not answer this request (nonce).');
  }
  // pkijs checks the token's signature and that its imprint is the hash of `data`.
  if (!(await signed.verify({ signer: 0, checkChain: false, data: arrayBuffer(data) }))) {
    throw new Error('The time-stamp token signature does not verify.');
  }
  return token;
}

/** DER integers drop redundant leading zero bytes. */
/** Whether two big-endian INTEGER encodings hold the same value (a TSA may add or drop a redundant zero byte). */
export function sameInteger(a: Buffer, b: Buffer): boolean {
  return trimInteger(a).equals(trimInteger(b));
}

function trimInteger(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0 && bytes[i + 1]! < 0x80) i++;
  return bytes.subarray(i);
}
