import { createHash } from 'node:crypto';
import type { BasicOCSPResponse, Certificate, CertificateRevocationList } from 'pkijs';
import type { VerifiedCertificate, VerifiedChain } from '@sinetti/contract';
import { SEAL_COMMON_NAME, TSA_IDENTITY } from '../ca/identities.ts';
import { describeSigner, distinguishedName } from './cms-check.ts';
import { nameKey, signedBy } from './crypto.ts';
import { ocspStatus } from './ocsp.ts';

export type RevocationSource = VerifiedCertificate['revocationSource'];

export interface TrustContext {
  /** The instance CA (trust anchor): chains ending here are "issued by this service". */
  anchor: Certificate | null;
  /** Further trust anchors the caller configured (e.g. a QTSP's root): chains ending there are trusted too. */
  extraAnchors?: Certificate[];
  /** This instance's former CAs (renewed or revoked at `revokedAt`): their chains are this instance's too. */
  retired?: { cert: Certificate; revokedAt: Date | null }[];
  /** Every certificate the file carries (CMS certificate sets, tokens, DSS). */
  pool: Certificate[];
  /** CRLs the file carries, with where they came from. */
  crls: { crl: CertificateRevocationList; source: RevocationSource }[];
  /** OCSP responses (basic, status successful) the file carries, with where they came from. */
  ocsps?: { response: BasicOCSPResponse; source: RevocationSource }[];
}

const MAX_DEPTH = 8;
const ders = new WeakMap<Certificate, string>();
function der(c: Certificate): string {
  let key = ders.get(c);
  if (key === undefined) {
    key = Buffer.from(c.toSchema().toBER()).toString('hex');
    ders.set(c, key);
  }
  return key;
}
const selfSigned = (c: Certificate) => nameKey(c.subject) === nameKey(c.issuer) && signedBy(c, c);

/** The chain from `leaf` up through the pool (by name, each link's signature checked), leaf first. */
export function buildChain(
  leaf: Certificate,
  ctx: TrustContext,
): { chain: Certificate[]; complete: boolean } {
  const chain = [leaf];
  const candidates = [
    ...(ctx.anchor ? [ctx.anchor] : []),
    ...(ctx.retired ?? []).map((r) => r.cert),
    ...(ctx.extraAnchors ?? []),
    ...ctx.pool,
  ];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const current = chain[chain.length - 1]!;
    if (selfSigned(current)) return { chain, complete: true };
    const issuerName = nameKey(current.issuer);
    const issuer = candidates.find(
      (c) => nameKey(c.subject) === issuerName && !chain.includes(c) && signedBy(current, c),
    );
    if (!issuer) return { chain, complete: false };
    chain.push(issuer);
  }
  return { chain, complete: false };
}

type Revocation = Pick<
  VerifiedCertificate,
  'revocation' | 'revocationSource' | 'revocationMethod' | 'revocationStale'
>;

/**
 * Whether revocation data issued at `thisUpdate` (next issue due `nextUpdate`) can say "not revoked" about
 * `at`: it was issued at or after `at` (every revocation up to its issue is in it), or its period covers
 * `at`. Data issued before `at` whose period had ended by then (or that names no end) is stale for `at`.
 */
export function freshFor(at: Date, thisUpdate: Date, nextUpdate: Date | null): boolean {
  if (thisUpdate >= at) return true;
  return nextUpdate !== null && at <= nextUpdate;
}

/**
 * The status from the CRLs and OCSP responses that speak for `cert` at `at`: revoked wins over good; a
 * "good" counts only from data fresh for `at` (freshFor); when all the data is stale the status is unknown
 * and marked stale. A revocation at or before `at` counts whenever it was published (it is final).
 */
function revocationOf(
  cert: Certificate,
  issuer: Certificate | undefined,
  at: Date,
  ctx: TrustContext,
): Revocation {
  if (!issuer) return { revocation: 'unknown', revocationSource: 'none' };
  const found: Revocation[] = [];
  const stale: Revocation[] = [];
  const issuerName = nameKey(issuer.subject);
  const add = (revoked: boolean, fresh: boolean, source: RevocationSource, method: 'crl' | 'ocsp') => {
    if (revoked) found.push({ revocation: 'revoked', revocationSource: source, revocationMethod: method });
    else if (fresh) found.push({ revocation: 'good', revocationSource: source, revocationMethod: method });
    else
      stale.push({
        revocation: 'unknown',
        revocationSource: source,
        revocationMethod: method,
        revocationStale: true,
      });
  };
  for (const { crl, source } of ctx.crls) {
    if (nameKey(crl.issuer) !== issuerName || !signedBy(crl, issuer)) continue;
    const entry = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(cert.serialNumber));
    const revoked = entry !== undefined && entry.revocationDate.value <= at;
    add(revoked, freshFor(at, crl.thisUpdate.value, crl.nextUpdate?.value ?? null), source, 'crl');
  }
  for (const { response, source } of ctx.ocsps ?? []) {
    const answer = ocspStatus(response, cert, issuer, at);
    if (answer?.status === 'good' || answer?.status === 'revoked')
      add(answer.status === 'revoked', freshFor(at, answer.thisUpdate, answer.nextUpdate), source, 'ocsp');
  }
  return (
    found.find((r) => r.revocation === 'revoked') ??
    found[0] ??
    stale[0] ?? { revocation: 'unknown', revocationSource: 'none' }
  );
}

/** Which trust anchor a complete chain ends at (null: none, the chain is not trusted). */
export function anchorOf(
  chain: Certificate[],
  complete: boolean,
  ctx: TrustContext,
): VerifiedChain['anchor'] {
  const root = chain[chain.length - 1];
  if (!complete || !root) return null;
  if (ctx.anchor && der(root) === der(ctx.anchor)) return 'instance';
  if ((ctx.retired ?? []).some((r) => der(r.cert) === der(root))) return 'instance';
  return (ctx.extraAnchors ?? []).some((a) => der(a) === der(root)) ? 'configured' : null;
}

/** A trust anchor's status: a former CA of this instance revoked at or before `at` counts as revoked. */
function rootRevocation(cert: Certificate, at: Date, ctx: TrustContext): Revocation {
  const retired = (ctx.retired ?? []).find((r) => der(r.cert) === der(cert));
  if (retired?.revokedAt && retired.revokedAt <= at) {
    return { revocation: 'revoked', revocationSource: 'instance' };
  }
  return { revocation: 'root', revocationSource: 'none' };
}

/** SHA-256 (hex) of a certificate's DER and of its SubjectPublicKeyInfo (the key that recognises it). */
export function fingerprints(cert: Certificate): { sha256: string; spkiSha256: string } {
  const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
  return {
    sha256: sha(Buffer.from(der(cert), 'hex')),
    spkiSha256: sha(new Uint8Array(cert.subjectPublicKeyInfo.toSchema().toBER())),
  };
}

type Role = NonNullable<VerifiedCertificate['instanceRole']>;
/** The instance's own end-entity identities, by the common name its CA gives them. */
const ROLE_BY_NAME: Record<string, Role> = { [SEAL_COMMON_NAME]: 'seal', [TSA_IDENTITY.commonName]: 'tsa' };
const roleByName = (cert: Certificate): Role | null => ROLE_BY_NAME[describeSigner(cert).name] ?? null;

/**
 * Whether a certificate is one of this instance's identities (recognised by key: the chain ends at the
 * instance CA, whose key signed it) or copies one's name with another key: the CA's subject name on
 * another key, or a certificate naming the instance CA as its issuer that the CA's key did not sign (a seal
 * or time-stamping unit by its common name, else the CA's name is the one copied).
 */
function identityOf(
  cert: Certificate,
  i: number,
  chain: Certificate[],
  anchor: VerifiedChain['anchor'],
  ctx: TrustContext,
): Pick<VerifiedCertificate, 'instanceRole' | 'impersonates'> {
  const ca = ctx.anchor;
  if (!ca) return { instanceRole: null, impersonates: null };
  const isRoot = i === chain.length - 1;
  if (anchor === 'instance') {
    return { instanceRole: isRoot ? 'ca' : roleByName(cert), impersonates: null };
  }
  const caName = nameKey(ca.subject);
  const keyOf = (c: Certificate) => fingerprints(c).spkiSha256;
  const instanceCas = [ca, ...(ctx.retired ?? []).map((r) => r.cert)];
  const trustedKeys = new Set([...instanceCas, ...(ctx.extraAnchors ?? [])].map(keyOf));
  if (nameKey(cert.subject) === caName && !trustedKeys.has(keyOf(cert))) {
    return { instanceRole: null, impersonates: 'ca' };
  }
  if (nameKey(cert.issuer) === caName && !instanceCas.some((c) => signedBy(cert, c))) {
    return { instanceRole: null, impersonates: roleByName(cert) ?? 'ca' };
  }
  return { instanceRole: null, impersonates: null };
}

/**
 * The chain of `leaf` as the report shows it: each certificate's validity at `at` (the proven time of a
 * signature, or the time a time-stamp is relied on; with `since`, also at that earlier time, e.g. the
 * time-stamp's own time), its revocation status at `at` from the data at hand, its fingerprints, whether it
 * is (or impersonates) one of this instance's identities, and whether it ends at the instance CA or at a
 * configured trust anchor.
 */
export function describeChain(
  leaf: Certificate | null,
  at: Date,
  ctx: TrustContext,
  since?: Date,
): VerifiedChain {
  if (!leaf) {
    return { certificates: [], complete: false, trusted: false, anchor: null, checkedAt: at.toISOString() };
  }
  const { chain, complete } = buildChain(leaf, ctx);
  const anchor = anchorOf(chain, complete, ctx);
  const within = (cert: Certificate, t: Date) => cert.notBefore.value <= t && t <= cert.notAfter.value;
  const certificates = chain.map((cert, i): VerifiedCertificate => {
    const isRoot = i === chain.length - 1 && complete;
    return {
      subject: distinguishedName(cert.subject),
      issuer: distinguishedName(cert.issuer),
      serialNumber: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex'),
      notBefore: cert.notBefore.value.toISOString(),
      notAfter: cert.notAfter.value.toISOString(),
      validAtTime: within(cert, at) && (since === undefined || within(cert, since)),
      ...(isRoot ? rootRevocation(cert, at, ctx) : revocationOf(cert, chain[i + 1], at, ctx)),
      ...fingerprints(cert),
      ...identityOf(cert, i, chain, anchor, ctx),
    };
  });
  return { certificates, complete, trusted: anchor !== null, anchor, checkedAt: at.toISOString() };
}

/** Whether the DSS holds every certificate of a chain and revocation data for each non-root one (B-LT). */
export function chainInDss(chain: VerifiedChain, dssCerts: Set<string>, certs: Certificate[]): boolean {
  if (!chain.complete) return false;
  const serials = new Set(
    certs
      .filter((c) => dssCerts.has(der(c)))
      .map((c) => Buffer.from(c.serialNumber.valueBlock.valueHexView).toString('hex')),
  );
  return chain.certificates.every(
    (c, i) =>
      (i === chain.certificates.length - 1 || serials.has(c.serialNumber)) &&
      (c.revocation === 'root' || c.revocationSource === 'dss'),
  );
}

export const certificateKey = der;
