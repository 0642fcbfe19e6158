import * as asn1js from 'asn1js';
import {
  AuthorityKeyIdentifier,
  CertificateRevocationList,
  Extension,
  Extensions,
  Time,
  TimeType,
} from 'pkijs';
import type { SigningCa } from './ca.ts';
import { OID, keyIdentifier } from './certificates.ts';
import { arrayBuffer } from './keys.ts';

/** A CRL is valid for a week and re-issued after a day: relying parties that cache it are never far behind. */
export const CRL_VALIDITY_MS = 7 * 24 * 3600_000;
export const CRL_REISSUE_MS = 24 * 3600_000;

export interface IssuedCrl {
  der: Uint8Array;
  thisUpdate: Date;
  nextUpdate: Date;
}

const time = (d: Date) =>
  new Time({ type: d.getUTCFullYear() < 2050 ? TimeType.UTCTime : TimeType.GeneralizedTime, value: d });

/**
 * The CA's certificate revocation list (RFC 5280 §5, v2): signed by the CA, with authority key identifier
 * and a CRL number that grows with time (seconds since 1970, so processes sharing the CA never go back).
 * It lists no certificates: one-time keys are destroyed after their signature and the seal and time-stamping
 * keys are replaced, not revoked; the list exists so that validators can confirm that, offline too (DSS).
 */
export async function issueCrl(ca: SigningCa, now: Date): Promise<IssuedCrl> {
  const thisUpdate = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const nextUpdate = new Date(thisUpdate.getTime() + CRL_VALIDITY_MS);
  const aki = new AuthorityKeyIdentifier({
    keyIdentifier: new asn1js.OctetString({ valueHex: arrayBuffer(keyIdentifier(ca.certificate)) }),
  });
  const crl = new CertificateRevocationList({
    version: 1,
    issuer: ca.certificate.subject,
    thisUpdate: time(thisUpdate),
    nextUpdate: time(nextUpdate),
    crlExtensions: new Extensions({
      extensions: [
        new Extension({
          extnID: OID.authorityKeyIdentifier,
          critical: false,
          extnValue: aki.toSchema().toBER(),
        }),
        new Extension({
          extnID: OID.crlNumber,
          critical: false,
          extnValue: new asn1js.Integer({ value: Math.floor(thisUpdate.getTime() / 1000) }).toBER(),
        }),
      ],
    }),
  });
  await crl.sign(ca.key.privateKey, ca.key.algorithm.hash);
  return { der: new Uint8Array(crl.toSchema(true).toBER()), thisUpdate, nextUpdate };
}

const current = new WeakMap<SigningCa, Promise<IssuedCrl>>();

/** The CA's current CRL: re-issued once a day (per process), so the public URL and the DSS agree. */
export async function currentCrl(ca: SigningCa, now = new Date()): Promise<IssuedCrl> {
  const cached = current.get(ca);
  if (cached) {
    const crl = await cached.catch(() => null);
    if (crl && now.getTime() - crl.thisUpdate.getTime() < CRL_REISSUE_MS && now >= crl.thisUpdate) return crl;
  }
  const issued = issueCrl(ca, now);
  current.set(ca, issued);
  return issued;
}
