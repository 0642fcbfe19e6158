import * as asn1js from 'asn1js';
import type { Certificate } from 'pkijs';

/**
 * Sinetti's certificate policies (issue #29): which assurance a one-time certificate stands for, written in
 * its certificatePolicies extension (RFC 5280 §4.2.1.4) with a user notice saying how the signee was
 * identified, and read back by the verifier. The arc is UUID-based (ITU-T X.667, "2.25.<UUID as an
 * integer>"), minted once from c8dcbcf3-fb96-4065-9fd2-4339431a1743: no registration needed, no collision.
 */
export const SINETTI_POLICY_ARC = '2.25.266991736889172194583504061401361160003';

export const SINETTI_POLICY = {
  /** Simple: the signee confirmed a code e-mailed to them (every ordinary one-time certificate). */
  simple: `${SINETTI_POLICY_ARC}.1`,
  /** Advanced: the signee was identified with an eID (OpenID Connect) just before signing. */
  advanced: `${SINETTI_POLICY_ARC}.2`,
  /** A TEST stand-in of the advanced policy: identified by a built-in TEST eID (never a real person). */
  test: `${SINETTI_POLICY_ARC}.3`,
} as const;
export type SinettiPolicy = keyof typeof SINETTI_POLICY;

export const POLICY_OID = {
  certificatePolicies: '2.5.29.32',
  userNotice: '1.3.6.1.5.5.7.2.2',
  qcStatements: '1.3.6.1.5.5.7.1.3',
} as const;

/** ETSI EN 319 412-5 QC statements. */
export const QC_OID = {
  compliance: '0.4.0.1862.1.1',
  sscd: '0.4.0.1862.1.4',
  type: '0.4.0.1862.1.6',
} as const;
const QC_TYPES = { esign: '0.4.0.1862.1.6.1', eseal: '0.4.0.1862.1.6.2', web: '0.4.0.1862.1.6.3' } as const;
export type QcType = keyof typeof QC_TYPES;

export interface PolicyEntry {
  oid: string;
  /** The user notice's explicitText (RFC 5280: at most 200 characters). */
  notice?: string | undefined;
}

export interface QcStatements {
  compliance: boolean;
  sscd: boolean;
  type: QcType | null;
}

/** The notice of a simple one-time certificate. */
export const SIMPLE_NOTICE = 'Signee confirmed an e-mailed code';

const TEST_SUFFIX = ' (TEST)';

/** "Identified with FTN (FI) via idp.example" (+ " (TEST)"): `parseIdentificationNotice` reads it back. */
export function identificationNotice(method: string, provider: string, test: boolean): string {
  const text = `Identified with ${method.trim()} via ${provider.trim()}${test ? TEST_SUFFIX : ''}`;
  return text.length <= 200 ? text : `${text.slice(0, 199)}…`;
}

export function parseIdentificationNotice(
  text: string,
): { method: string; provider: string; test: boolean } | null {
  const test = text.endsWith(TEST_SUFFIX);
  const body = test ? text.slice(0, -TEST_SUFFIX.length) : text;
  const via = body.lastIndexOf(' via ');
  if (!body.startsWith('Identified with ') || via < 0) return null;
  return { method: body.slice('Identified with '.length, via), provider: body.slice(via + 5), test };
}

/** DER of the certificatePolicies extension's value: each policy with an optional user notice (UTF8String). */
export function certificatePoliciesValue(policies: PolicyEntry[]): asn1js.Sequence {
  return new asn1js.Sequence({
    value: policies.map(
      (p) =>
        new asn1js.Sequence({
          value: [
            new asn1js.ObjectIdentifier({ value: p.oid }),
            ...(p.notice
              ? [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Sequence({
                        value: [
                          new asn1js.ObjectIdentifier({ value: POLICY_OID.userNotice }),
                          new asn1js.Sequence({ value: [new asn1js.Utf8String({ value: p.notice })] }),
                        ],
                      }),
                    ],
                  }),
                ]
              : []),
          ],
        }),
    ),
  });
}

/** DER of the qcStatements extension's value (RFC 3739 §3.2.6 with ETSI EN 319 412-5 statements). */
export function qcStatementsValue(qc: Partial<QcStatements>): asn1js.Sequence {
  const statement = (oid: string, info?: asn1js.BaseBlock) =>
    new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), ...(info ? [info] : [])] });
  const value: asn1js.Sequence[] = [];
  if (qc.compliance) value.push(statement(QC_OID.compliance));
  if (qc.sscd) value.push(statement(QC_OID.sscd));
  if (qc.type) {
    const types = new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: QC_TYPES[qc.type] })] });
    value.push(statement(QC_OID.type, types));
  }
  return new asn1js.Sequence({ value });
}

/** The extension's value parsed from untrusted bytes (null: absent or malformed). */
function extensionValue(cert: Certificate, oid: string): asn1js.Sequence | null {
  const ext = cert.extensions?.find((e) => e.extnID === oid);
  if (!ext) return null;
  try {
    const parsed = asn1js.fromBER(new Uint8Array(ext.extnValue.valueBlock.valueHexView).slice().buffer);
    return parsed.offset !== -1 && parsed.result instanceof asn1js.Sequence ? parsed.result : null;
  } catch {
    return null;
  }
}

const items = (block: unknown): unknown[] => (block instanceof asn1js.Sequence ? block.valueBlock.value : []);

/**
 * The dotted text of an OBJECT IDENTIFIER, decoded here because asn1js writes arcs beyond 2^53 (such as
 * the UUID arc) in hexadecimal braces.
 */
function oidOf(block: unknown): string | null {
  if (!(block instanceof asn1js.ObjectIdentifier)) return null;
  const der = new Uint8Array(block.toBER());
  const first = der[1] ?? 0;
  const offset = first < 0x80 ? 2 : 2 + (first & 0x7f);
  const arcs: bigint[] = [];
  let arc = 0n;
  for (const byte of der.subarray(offset)) {
    arc = (arc << 7n) | BigInt(byte & 0x7f);
    if (byte & 0x80) continue;
    arcs.push(arc);
    arc = 0n;
  }
  if (arcs.length === 0) return null;
  const head = arcs[0]!;
  const top = head < 40n ? 0n : head < 80n ? 1n : 2n;
  return [top, head - top * 40n, ...arcs.slice(1)].join('.');
}

/** Any of the DirectoryString-like types RFC 5280 allows for explicitText. */
function textOf(block: unknown): string | null {
  if (
    block instanceof asn1js.Utf8String ||
    block instanceof asn1js.VisibleString ||
    block instanceof asn1js.IA5String ||
    block instanceof asn1js.BmpString
  ) {
    return block.valueBlock.value;
  }
  return null;
}

/** The certificate's policies with the first user notice's explicitText of each. */
export function readPolicies(cert: Certificate): { oid: string; notice: string | null }[] {
  return items(extensionValue(cert, POLICY_OID.certificatePolicies)).flatMap((info) => {
    const [id, qualifiers] = items(info);
    const oid = oidOf(id);
    if (!oid) return [];
    let notice: string | null = null;
    for (const q of items(qualifiers)) {
      const [qid, value] = items(q);
      if (oidOf(qid) !== POLICY_OID.userNotice) continue;
      // UserNotice ::= SEQUENCE { noticeRef NoticeReference OPTIONAL (a SEQUENCE), explicitText OPTIONAL }
      const text = items(value)
        .map(textOf)
        .find((t) => t !== null);
      if (text) {
        notice = text;
        break;
      }
    }
    return [{ oid, notice }];
  });
}

/** The leaf's ETSI QC statements (null: no qcStatements extension). */
export function readQcStatements(cert: Certificate): QcStatements | null {
  const value = extensionValue(cert, POLICY_OID.qcStatements);
  if (!value) return null;
  const out: QcStatements = { compliance: false, sscd: false, type: null };
  for (const statement of items(value)) {
    const [id, info] = items(statement);
    const oid = oidOf(id);
    if (oid === QC_OID.compliance) out.compliance = true;
    else if (oid === QC_OID.sscd) out.sscd = true;
    else if (oid === QC_OID.type) {
      const types = items(info).map(oidOf);
      const found = (Object.keys(QC_TYPES) as QcType[]).find((k) => types.includes(QC_TYPES[k]));
      out.type = found ?? null;
    }
  }
  return out;
}
