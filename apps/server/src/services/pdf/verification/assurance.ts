import type { Certificate } from 'pkijs';
import type { SignatureAssurance, VerifiedChain } from '@sinetti/contract';
import { SINETTI_POLICY, parseIdentificationNotice, readPolicies, readQcStatements } from '../ca/policies.ts';

/** A TEST issuer names itself so (e.g. "Sinetti TEST QTSP Root"): its certificates are nobody's real ones. */
const TEST_NAME = /\bTEST\b/;

/** The organization (else common name) of a distinguished name as distinguishedName() writes it. */
function nameOf(dn: string): string | null {
  const part = (key: string) =>
    dn
      .split(', ')
      .find((p) => p.startsWith(`${key}=`))
      ?.slice(key.length + 1) || null;
  return part('O') ?? part('CN');
}

/**
 * The assurance level of a signature by `cert` (its chain as described): QES for a qualified certificate
 * (QcCompliance and QcSSCD) under a trusted anchor, AdES and SES by Sinetti's own policies when this
 * instance's CA issued it (SES also for its seal and one-time certificates from before policies), else
 * unknown. EU trusted lists are not consulted: the anchors are this instance's CA and the configured ones.
 */
export function assuranceOf(cert: Certificate | null, chain: VerifiedChain): SignatureAssurance {
  const unknown = (basis: string, extra: Partial<SignatureAssurance> = {}): SignatureAssurance => ({
    level: 'unknown',
    identification: null,
    provider: null,
    qcStatements: null,
    test: false,
    basis,
    ...extra,
  });
  if (!cert) return unknown('The signer certificate is missing.');
  const qc = readQcStatements(cert);
  const policies = readPolicies(cert);
  const sinetti = (oid: string) => policies.find((p) => p.oid === oid);
  const [leaf, ...issuers] = chain.certificates;
  const testIssuer = issuers.some((c) => TEST_NAME.test(c.subject)) || TEST_NAME.test(leaf?.issuer ?? '');
  const test = testIssuer || sinetti(SINETTI_POLICY.test) !== undefined;
  const anchor =
    chain.anchor === 'configured' ? 'a trust anchor configured on this service' : "this service's CA";

  if (qc?.compliance && qc.sscd) {
    const base = {
      qcStatements: qc,
      test,
      identification: policies.find((p) => p.notice)?.notice ?? null,
      provider: nameOf(leaf?.issuer ?? ''),
    };
    if (chain.trusted) {
      return {
        ...base,
        level: 'QES',
        basis:
          `A qualified certificate (QcCompliance, QcSSCD) whose chain ends at ${anchor}; ` +
          'EU trusted lists are not consulted.',
      };
    }
    return unknown(
      'The certificate states it is qualified, but its chain does not end at a trust anchor of this service ' +
        '(EU trusted lists are not consulted).',
      base,
    );
  }
  if (chain.anchor !== 'instance') {
    return unknown(
      "Not issued by this service's CA, and not a qualified certificate under a trusted anchor.",
      { qcStatements: qc, test },
    );
  }
  const advanced = sinetti(SINETTI_POLICY.advanced) ?? sinetti(SINETTI_POLICY.test);
  if (advanced) {
    const notice = advanced.notice ? parseIdentificationNotice(advanced.notice) : null;
    return {
      level: 'AdES',
      identification: notice?.method ?? advanced.notice,
      provider: notice?.provider ?? null,
      qcStatements: qc,
      test,
      basis:
        advanced.oid === SINETTI_POLICY.test
          ? "Issued by this service's CA under Sinetti's TEST stand-in of the advanced policy: a TEST eID " +
            'identified the signee, not a real one.'
          : "Issued by this service's CA under Sinetti's advanced policy: the signee was identified with an " +
            'eID before signing with a one-time key.',
    };
  }
  const simple = sinetti(SINETTI_POLICY.simple);
  return {
    level: 'SES',
    identification: simple?.notice ?? null,
    provider: null,
    qcStatements: qc,
    test,
    basis: simple
      ? "Issued by this service's CA under Sinetti's simple policy: the signee confirmed an e-mailed code."
      : "Issued by this service's CA without an assurance policy (its seal, or a one-time certificate " +
        'made before policies).',
  };
}
