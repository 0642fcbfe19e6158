import * as asn1js from 'asn1js';
import {
  AuthorityKeyIdentifier,
  CertificateRevocationList,
  Extension,
  Extensions,
  RevokedCertificate,
  Time,
  TimeType,
} from 'pkijs';
import type { SigningCa } from './ca.ts';
import { OID, keyIdentifier } from './certificates.ts';
import { arrayBuffer } from './keys.ts';
import {
  REVOCATION_REASONS,
  revokedCertificates,
  type RevokedCertificate as Revoked,
} from './revocations.ts';

const CRL_REASON_OID = '2.5.29.21';

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

/** A CRL entry: serial, revocation time and reason code (RFC 5280 §5.3.1). */
function entry(revoked: Revoked): RevokedCertificate {
  return new RevokedCertificate({
    userCertificate: new asn1js.Integer({ valueHex: arrayBuffer(Buffer.from(revoked.serialNumber, 'hex')) }),
    revocationDate: time(revoked.revokedAt),
    crlEntryExtensions: new Extensions({
      extensions: [
        new Extension({
          extnID: CRL_REASON_OID,
          critical: false,
          extnValue: new asn1js.Enumerated({ value: REVOCATION_REASONS[revoked.reason] }).toBER(),
        }),
      ],
    }),
  });
}

/**
 * The CA's certificate revocation list (RFC 5280 §5, v2): signed by the CA, with authority key identifier
 * and a CRL number that grows with time (seconds since 1970, so processes sharing the CA never go back).
 * It lists the seal and time-stamping certificates the operator revoked (`npm run signing-keys -- revoke`),
 * each with its revocation time and reason; one-time signee keys are destroyed after their signature and
 * never need it. Validators confirm the status offline too (the CRL goes into each document's DSS).
 */
export async function issueCrl(ca: SigningCa, now: Date, revoked: Revoked[] = []): Promise<IssuedCrl> {
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
    ...(revoked.length > 0 ? { revokedCertificates: revoked.map(entry) } : {}),
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

const current = new WeakMap<SigningCa, { listed: string; crl: Promise<IssuedCrl> }>();

/**
 * The CA's current CRL: re-issued once a day (per process), so the public URL and the DSS agree, and at once
 * when the revoked certificates changed (revocations.ts reads them again every 30 seconds).
 */
export async function currentCrl(ca: SigningCa, now = new Date()): Promise<IssuedCrl> {
  const revoked = await revokedCertificates(ca);
  const listed = revoked.map((r) => `${r.serialNumber}@${r.revokedAt.getTime()}:${r.reason}`).join(',');
  const cached = current.get(ca);
  if (cached && cached.listed === listed) {
    const crl = await cached.crl.catch(() => null);
    if (crl && now.getTime() - crl.thisUpdate.getTime() < CRL_REISSUE_MS && now >= crl.thisUpdate) return crl;
  }
  const crl = issueCrl(ca, now, revoked);
  current.set(ca, { listed, crl });
  return crl;
}
