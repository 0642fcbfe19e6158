import { PdfLimitError } from './errors.ts';

/** What one reading of an untrusted PDF may cost; passing a limit throws PdfLimitError. */
export interface PdfLimits {
  /** Decompressed bytes of all structural streams (object and cross-reference streams) together. */
  maxDecodedBytes: number;
  /** Object numbers a cross-reference section may declare (/Size, subsections). */
  maxObjects: number;
  /** Nesting of arrays and dictionaries. */
  maxDepth: number;
  /** Values the parser may read in all (bounds the work of files whose entries overlap). */
  maxTokens: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  maxDecodedBytes: 64 * 1024 * 1024,
  maxObjects: 1_000_000,
  maxDepth: 100,
  maxTokens: 50_000_000,
};

/** The running totals of one reader against its limits (shared by every parser the reader makes). */
export class PdfBudget {
  private decoded = 0;
  private tokens = 0;
  constructor(readonly limits: PdfLimits = DEFAULT_PDF_LIMITS) {}

  /** Bytes still allowed for decompression. */
  get decodedLeft(): number {
    return Math.max(0, this.limits.maxDecodedBytes - this.decoded);
  }

  spendDecoded(bytes: number): void {
    this.decoded += bytes;
    if (this.decoded > this.limits.maxDecodedBytes) {
      throw new PdfLimitError(`The PDF decompresses to more than ${this.limits.maxDecodedBytes} bytes.`);
    }
  }

  spendToken(): void {
    if (++this.tokens > this.limits.maxTokens) {
      throw new PdfLimitError(`The PDF needs more than ${this.limits.maxTokens} values to read.`);
    }
  }

  checkObjects(count: number, what: string): void {
    if (!Number.isSafeInteger(count) || count < 0 || count > this.limits.maxObjects) {
      throw new PdfLimitError(`${what} ${count} passes the limit of ${this.limits.maxObjects} objects.`);
    }
  }
}
