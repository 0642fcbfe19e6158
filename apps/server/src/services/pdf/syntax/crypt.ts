import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { PdfError } from './errors.ts';
import { PdfDict, PdfStream, PdfString, isName, type PdfValue } from './objects.ts';

/**
 * The standard security handler of ISO 32000-2 §7.6.4, read-only and with the empty user password only:
 * what a permission-only encrypted PDF (an owner password, no password to open) needs to be read.
 * RC4 (40 to 128 bits, V 1/2 and crypt filter V2), AES-128 (AESV2) and AES-256 (AESV3, R 5 and 6).
 * A file that needs a password to open, or another handler (public key), is refused as PDF_ENCRYPTED.
 */

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

type Method = 'none' | 'rc4' | 'aes';

const needsPassword = () => new PdfError('PDF_ENCRYPTED', 'The PDF needs a password to open.');
const unsupported = (what: string) =>
  new PdfError('PDF_ENCRYPTED', `The PDF is encrypted with ${what}, which is not supported.`);

/** RC4 in plain code: OpenSSL 3 moved it to the legacy provider, which Node may not load. */
export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

function aesDecrypt(key: Uint8Array, data: Uint8Array): Buffer {
  if (data.length < 16) return Buffer.alloc(0);
  const iv = data.subarray(0, 16);
  // A body that is not whole blocks (damaged or truncated) is cut to whole blocks, not refused.
  const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  const algorithm = key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc';
  try {
    const d = createDecipheriv(algorithm, key, iv);
    return Buffer.concat([d.update(body), d.final()]);
  } catch {
    const d = createDecipheriv(algorithm, key, iv).setAutoPadding(false);
    return Buffer.concat([d.update(body), d.final()]);
  }
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

const bytesOf = (v: PdfValue | undefined): Buffer | null =>
  v instanceof PdfString ? Buffer.from(v.bytes) : null;

/** Algorithm 2.B (R 6) or plain SHA-256 (R 5) of the empty password with a salt and optional user key. */
function hash2B(revision: number, salt: Uint8Array, udata: Uint8Array): Buffer {
  let k = createHash('sha256').update(salt).update(udata).digest();
  if (revision === 5) return k;
  for (let round = 0; ;) {
    const block = Buffer.concat([k, udata]);
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => block));
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([c.update(k1), c.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(e)
      .digest();
    round++;
    if (round >= 64 && e[e.length - 1]! <= round - 32) break;
  }
  return k.subarray(0, 32);
}

function methodOf(cf: PdfDict | undefined, name: PdfValue | undefined): Method {
  if (name === undefined || isName(name, 'Identity')) return 'none';
  const filter = cf?.get((name as { name?: string }).name ?? '');
  const cfm = filter instanceof PdfDict ? filter.get('CFM') : undefined;
  if (isName(cfm, 'V2')) return 'rc4';
  if (isName(cfm, 'AESV2') || isName(cfm, 'AESV3')) return 'aes';
  if (cfm === undefined || isName(cfm, 'None')) return 'none';
  throw unsupported(`the crypt filter method ${(cfm as { name?: string }).name ?? '?'}`);
}

export class PdfSecurity {
  private constructor(
    private readonly fileKey: Buffer,
    private readonly revision: number,
    private readonly strings: Method,
    private readonly streams: Method,
    private readonly encryptMetadata: boolean,
  ) {}

  /**
   * The handler of a trailer's /Encrypt dictionary (already resolved) and first /ID string, opened with
   * the empty user password; PDF_ENCRYPTED when that password does not open it or the handler is unknown.
   */
  static open(encrypt: PdfDict, id: Uint8Array): PdfSecurity {
    if (!isName(encrypt.get('Filter'), 'Standard')) throw unsupported('a non-standard security handler');
    const v = encrypt.get('V');
    const r = encrypt.get('R');
    const o = bytesOf(encrypt.get('O'));
    const u = bytesOf(encrypt.get('U'));
    const p = encrypt.get('P');
    if (typeof v !== 'number' || typeof r !== 'number' || !o || !u || typeof p !== 'number') {
      throw unsupported('a damaged /Encrypt dictionary');
    }
    const encryptMetadata = encrypt.get('EncryptMetadata') !== false;
    let strings: Method = 'rc4';
    let streams: Method = 'rc4';
    if (v === 4 || v === 5) {
      const cf = encrypt.get('CF');
      strings = methodOf(cf instanceof PdfDict ? cf : undefined, encrypt.get('StrF'));
      streams = methodOf(cf instanceof PdfDict ? cf : undefined, encrypt.get('StmF'));
    } else if (v !== 1 && v !== 2) {
      throw unsupported(`security handler version ${v}`);
    }
    if (r >= 5) {
      if (u.length < 48) throw unsupported('a damaged /U entry');
      if (!hash2B(r, u.subarray(32, 40), Buffer.alloc(0)).equals(u.subarray(0, 32))) throw needsPassword();
      const ue = bytesOf(encrypt.get('UE'));
      if (!ue || ue.length < 32) throw unsupported('a damaged /UE entry');
      const d = createDecipheriv(
        'aes-256-cbc',
        hash2B(r, u.subarray(40, 48), Buffer.alloc(0)),
        Buffer.alloc(16),
      );
      d.setAutoPadding(false);
      const key = Buffer.concat([d.update(ue.subarray(0, 32)), d.final()]);
      return new PdfSecurity(key, r, strings, streams, encryptMetadata);
    }
    const lengthBits = encrypt.get('Length');
    const n = r === 2 ? 5 : typeof lengthBits === 'number' ? Math.min(16, Math.max(5, lengthBits / 8)) : 5;
    const pBytes = Buffer.alloc(4);
    pBytes.writeInt32LE(p | 0);
    const metadata = r >= 4 && !encryptMetadata ? [Buffer.from([255, 255, 255, 255])] : [];
    let key = md5(PAD, o.subarray(0, 32), pBytes, id, ...metadata).subarray(0, n);
    if (r >= 3) for (let i = 0; i < 50; i++) key = md5(key).subarray(0, n);
    // Algorithms 4 and 5: the /U that the empty user password gives must be the file's.
    let ok: boolean;
    if (r === 2) ok = rc4(key, PAD).equals(u.subarray(0, 32));
    else {
      let x = rc4(key, md5(PAD, id));
      for (let i = 1; i <= 19; i++)
        x = rc4(
          key.map((b) => b ^ i),
          x,
        );
      ok = x.equals(u.subarray(0, 16));
    }
    if (!ok) throw needsPassword();
    return new PdfSecurity(Buffer.from(key), r, strings, streams, encryptMetadata);
  }

  private objectKey(num: number, gen: number, method: Method): Buffer {
    if (this.revision >= 5) return this.fileKey;
    const salt = method === 'aes' ? [Buffer.from('sAlT', 'latin1')] : [];
    const suffix = Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, gen & 255, (gen >> 8) & 255]);
    return md5(this.fileKey, suffix, ...salt).subarray(0, Math.min(16, this.fileKey.length + 5));
  }

  private decrypt(num: number, gen: number, method: Method, data: Uint8Array): Uint8Array {
    if (method === 'none') return data;
    const key = this.objectKey(num, gen, method);
    return method === 'aes' ? aesDecrypt(key, data) : rc4(key, data);
  }

  /**
   * An indirect object as read from the file, with its strings and stream data decrypted. Left as they are
   * (§7.6.2): cross-reference streams, metadata streams when /EncryptMetadata is false, and the /Contents
   * of signature dictionaries (any dictionary with a /ByteRange).
   */
  decryptObject(num: number, gen: number, value: PdfValue): PdfValue {
    if (value instanceof PdfStream) {
      const type = value.dict.get('Type');
      if (isName(type, 'XRef')) return value;
      const dict = this.decryptValue(num, gen, value.dict) as PdfDict;
      const plain = isName(type, 'Metadata') && !this.encryptMetadata;
      return new PdfStream(dict, plain ? value.data : this.decrypt(num, gen, this.streams, value.data));
    }
    return this.decryptValue(num, gen, value);
  }

  private decryptValue(num: number, gen: number, value: PdfValue): PdfValue {
    if (value instanceof PdfString) return new PdfString(this.decrypt(num, gen, this.strings, value.bytes));
    if (Array.isArray(value)) return value.map((v) => this.decryptValue(num, gen, v));
    if (value instanceof PdfDict) {
      const signature = value.get('ByteRange') !== undefined;
      return new PdfDict(
        [...value.map].map(([k, v]) => [
          k,
          signature && k === 'Contents' ? v : this.decryptValue(num, gen, v),
        ]),
      );
    }
    return value;
  }
}
