import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';

/**
 * ECDSA P-256 over a hash the caller already computed (FIPS 186-5 §6.4.1), which is what a CSC signHash
 * does: neither WebCrypto nor node:crypto signs a prehash with an EC key (both hash their input). For the
 * TEST service only (plain BigInt arithmetic, not constant-time): real QTSPs sign in their HSMs.
 */

const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const G = {
  x: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  y: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
};

type Point = { x: bigint; y: bigint } | null;

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;

/** Modular inverse by the extended Euclidean algorithm (m prime, a not 0 mod m). */
function inverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [mod(a, m), m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, m);
}

function add(p: Point, q: Point): Point {
  if (!p) return q;
  if (!q) return p;
  if (p.x === q.x && mod(p.y + q.y, P) === 0n) return null;
  const slope =
    p.x === q.x
      ? mod((3n * p.x * p.x - 3n) * inverse(2n * p.y, P), P) // a = -3
      : mod((q.y - p.y) * inverse(q.x - p.x, P), P);
  const x = mod(slope * slope - p.x - q.x, P);
  return { x, y: mod(slope * (p.x - x) - p.y, P) };
}

function multiply(k: bigint, point: Point): Point {
  let result: Point = null;
  let addend = point;
  for (let n = k; n > 0n; n >>= 1n) {
    if (n & 1n) result = add(result, addend);
    addend = add(addend, addend);
  }
  return result;
}

const toBigInt = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);

/** A random scalar in [1, N-1]. */
function randomScalar(): bigint {
  for (;;) {
    const k = toBigInt(randomBytes(32));
    if (k > 0n && k < N) return k;
  }
}

/** Signs a SHA-256 hash with the private scalar `d` (a JWK's `d`); the signature as DER Ecdsa-Sig-Value. */
export function signPrehashP256(hash: Uint8Array, d: Uint8Array): Uint8Array {
  if (hash.length !== 32) throw new Error('A P-256 prehash signature needs a 32-byte hash.');
  const e = toBigInt(hash);
  const key = toBigInt(d);
  for (;;) {
    const k = randomScalar();
    const r = mod(multiply(k, G)!.x, N);
    if (r === 0n) continue;
    const s = mod(inverse(k, N) * (e + r * key), N);
    if (s === 0n) continue;
    const der = new asn1js.Sequence({ value: [asn1js.Integer.fromBigInt(r), asn1js.Integer.fromBigInt(s)] });
    return new Uint8Array(der.toBER());
  }
}
