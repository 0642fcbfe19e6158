import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { SIGNATURE_IMAGE_MAX_BYTES, SIGNATURE_IMAGE_MAX_SIDE } from '@sinetti/contract';
import { AppError } from '../../lib/errors.ts';
import {
  isDrawablePng,
  pngHeader,
  signatureImageOf,
  type PdfRun,
  type SignatureMark,
} from '../../services/pdf/index.ts';
import { pdfFailure } from './pdf-run.ts';

export type SignatureInput = { kind: 'drawn'; image: string } | { kind: 'typed'; text: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PREFIX = 'data:image/png;base64,';

export interface SignatureImage {
  width: number;
  height: number;
  size: number;
  sha256: string;
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { 'signature.image': message });
}

/**
 * Checks a drawn signature: a PNG data URL of at most SIGNATURE_IMAGE_MAX_BYTES whose chunks are all
 * intact (lengths and CRCs), IHDR first with sides of 1 to SIGNATURE_IMAGE_MAX_SIDE pixels and a format
 * the signed PDF can show (8-bit grey or RGB, alpha or not, not interlaced: what canvases write), at least
 * one IDAT, IEND last. Anything else is 400: the image is stored and drawn, so it must be what it says.
 */
export function checkSignatureImage(dataUrl: string): SignatureImage {
  if (!dataUrl.startsWith(PREFIX)) throw invalid('The signature must be a PNG image.');
  const bytes = Buffer.from(dataUrl.slice(PREFIX.length), 'base64');
  if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES) throw invalid('The signature image is too large.');
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw invalid('The signature is not a PNG image.');
  }
  let offset = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  let index = 0;
  for (;;) {
    if (offset + 12 > bytes.length) throw invalid('The signature image is cut short.');
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > bytes.length || end > bytes.length) throw invalid('The signature image is cut short.');
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw invalid('The signature image is damaged.');
    const crc = bytes.readUInt32BE(end - 4);
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== crc) throw invalid('The signature image is damaged.');
    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) throw invalid('The signature image is damaged.');
      width = bytes.readUInt32BE(offset + 8);
      height = bytes.readUInt32BE(offset + 12);
    }
    if (type === 'IDAT') sawData = true;
    offset = end;
    index++;
    if (type === 'IEND') break;
  }
  if (offset !== bytes.length || !sawData) throw invalid('The signature image is damaged.');
  if (width < 1 || height < 1 || width > SIGNATURE_IMAGE_MAX_SIDE || height > SIGNATURE_IMAGE_MAX_SIDE) {
    throw invalid(`The signature image must be 1 to ${SIGNATURE_IMAGE_MAX_SIDE} pixels on each side.`);
  }
  if (!isDrawablePng(pngHeader(bytes))) {
    throw invalid('The signature image must be an 8-bit PNG without a palette or interlacing.');
  }
  return { width, height, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * What the signed PDF shows of the signature: typed text as it is, a (checked) drawing decoded in a PDF
 * worker, off the event loop. A drawing whose compressed data turns out to be damaged is 400.
 */
export async function signatureMarkOf(run: PdfRun, signature: SignatureInput): Promise<SignatureMark> {
  if (signature.kind === 'typed') return { kind: 'typed', text: signature.text };
  const png = Buffer.from(signature.image.slice(PREFIX.length), 'base64');
  let image;
  try {
    image = await signatureImageOf(png, SIGNATURE_IMAGE_MAX_SIDE, run);
  } catch (err) {
    throw pdfFailure(err);
  }
  if (!image) throw invalid('The signature image is damaged.');
  return { kind: 'image', image };
}
