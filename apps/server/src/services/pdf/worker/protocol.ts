import type { PdfProblem } from '../syntax/errors.ts';
import type { PdfLimits } from '../syntax/limits.ts';
import type { TemplateField, TextChange, VerificationReport } from '@sinetti/contract';
import type { FillInput, FillResult, TemplateOutcome } from '../../templates/docx-template.ts';
import type { VerifyInput } from '../verification/verify-pdf.ts';
import type { VerifyFileInput } from './tasks.ts';
import type { DssInput, DssLayout } from '../dss.ts';
import type { PdfAnalysis } from '../findings.ts';
import type { PdfImage } from '../png.ts';
import type {
  PrepareInput,
  PrepareResult,
  LayoutInput,
  SignatureImageInput,
  SignatureLayout,
} from './tasks.ts';

/** The work a PDF worker does, by name: input and result of each. */
export interface PdfTasks {
  prepare: { input: PrepareInput; result: PrepareResult };
  layoutSignature: { input: LayoutInput; result: SignatureLayout };
  /** What the sender should know about an uploaded PDF before sending it, and its pages (findings.ts). */
  analyze: { input: { pdf: Uint8Array }; result: PdfAnalysis };
  /** The verification report of an untrusted signed PDF (verification/verify-pdf.ts). */
  verify: { input: VerifyInput; result: VerificationReport };
  /**
   * The same report of a PDF the worker reads from a file itself (an anonymous upload, http/body-to-file.ts):
   * its bytes are never allocated on the API's thread, whose garbage collection every call waits for.
   */
  verifyFile: { input: VerifyFileInput; result: VerificationReport };
  /** The Document Security Store update of a sealed PDF (dss.ts). */
  layoutDss: { input: DssInput; result: DssLayout };
  /** A drawn signature's PNG decoded into a PDF image (png.ts); null when its data is damaged. */
  signatureImage: { input: SignatureImageInput; result: PdfImage | null };
  /** The fields of a template's DOCX (services/templates/docx-template.ts). */
  templateFields: { input: { docx: Uint8Array }; result: TemplateOutcome<TemplateField[]> };
  /** A template's DOCX with its fields filled in (or why not). */
  fillTemplate: { input: FillInput; result: TemplateOutcome<FillResult> };
  /** Two versions' texts compared (services/text/compare.ts); null when they differ too much. */
  compareText: { input: { from: string; to: string }; result: TextChange[] | null };
  /** For tests of the pool itself: spins for `ms` (time limit) or allocates `mb` (memory limit). */
  burn: { input: { ms?: number; mb?: number }; result: null };
}

export type PdfTaskName = keyof PdfTasks;

export interface TaskMessage<K extends PdfTaskName = PdfTaskName> {
  id: number;
  task: K;
  input: PdfTasks[K]['input'];
  limits: PdfLimits;
}

export type ReplyMessage =
  | { ready: true; id?: undefined }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; problem: PdfProblem | null; message: string };
