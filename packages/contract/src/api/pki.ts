import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

/**
 * The instance's public key infrastructure, for relying parties and other tools: the signing CA's
 * certificate and CRL (named in every certificate it issues) and its RFC 3161 time-stamping unit.
 * Binary bodies, not JSON; errors are the usual JSON envelope.
 */
export const pki = {
  caCertificate: endpoint({
    id: 'pki.caCertificate',
    method: 'GET',
    path: '/pki/ca.crt',
    access: 'public',
    summary:
      "The signing CA's certificate (DER, application/pkix-cert): the trust anchor of signed documents.",
    reply: z.string().describe('binary DER certificate'),
  }),
  crl: endpoint({
    id: 'pki.crl',
    method: 'GET',
    path: '/pki/ca.crl',
    access: 'public',
    summary: "The signing CA's current certificate revocation list (DER, application/pkix-crl, RFC 5280).",
    reply: z.string().describe('binary DER CRL'),
  }),
  timestamp: endpoint({
    id: 'pki.timestamp',
    method: 'POST',
    path: '/tsa',
    access: 'public',
    summary:
      'RFC 3161 time-stamping: a DER TimeStampReq (Content-Type application/timestamp-query) answered by a ' +
      'DER TimeStampResp (application/timestamp-reply), granted or rejected with its failure info. A body ' +
      'that is no TimeStampReq is 400 VALIDATION_FAILED; another content type 415. Rate-limited per address.',
    reply: z.string().describe('binary DER TimeStampResp'),
  }),
} as const;
