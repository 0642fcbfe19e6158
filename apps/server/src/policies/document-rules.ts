import { DOCUMENT_STATE, type ErrorReason } from '@sinetti/contract';
import { AppError } from '../lib/errors.ts';
import type { DocumentRow } from '../queries/documents/columns.ts';

/**
 * What a document's state allows, whoever asks: pure functions answering null (allowed) or why not.
 * Commands assert them under the row lock; abilities (what the web app offers) are built from them.
 * Every refusal names its reason, so that no CONFLICT leaves the web app reading English (issue 31 item 15).
 */
export type Refusal = { message: string; reason: ErrorReason } | null;
type Doc = Pick<DocumentRow, 'type' | 'state'>;

const WITH_SIGNEES: readonly Doc['type'][] = ['contract', 'contract-noedit', 'template'];
/** States an archived document can come from (never while signing; folders are not archived). */
const ARCHIVABLE: readonly number[] = [DOCUMENT_STATE.Draft, DOCUMENT_STATE.Published, DOCUMENT_STATE.Signed];

const no = (message: string, reason: ErrorReason): Refusal => ({ message, reason });

/** Editable (SPEC §3): a template or contract (not contract-noedit) whose state is below Signing. */
export function isEditable(doc: Doc): boolean {
  return (doc.type === 'template' || doc.type === 'contract') && doc.state < DOCUMENT_STATE.Signing;
}

export const documentRules = {
  archive(doc: Doc): Refusal {
    if (doc.type === 'folder') return no('Folders are not archived.', 'IS_A_FOLDER');
    if (doc.state === DOCUMENT_STATE.Archived)
      return no('The document is already archived.', 'ALREADY_ARCHIVED');
    if (!ARCHIVABLE.includes(doc.state)) {
      return no('A document that is being signed cannot be archived.', 'SIGNING_IN_PROGRESS');
    }
    return null;
  },
  restore(doc: Doc): Refusal {
    if (doc.type === 'folder') return no('Folders are not archived.', 'IS_A_FOLDER');
    return doc.state === DOCUMENT_STATE.Archived ? null : no('The document is not archived.', 'NOT_ARCHIVED');
  },
  /** Adding and removing signees (SPEC §4.1): contracts and templates below Signing. */
  editSignees(doc: Doc): Refusal {
    if (!WITH_SIGNEES.includes(doc.type)) {
      return no('Only contracts and templates have signees.', 'NOT_A_CONTRACT');
    }
    if (doc.state >= DOCUMENT_STATE.Signing) {
      return no(
        'Signees cannot be changed once the document has been sent for signing. Cancel the signing first.',
        'SIGNEES_LOCKED',
      );
    }
    return null;
  },
  /** Sending (SPEC §4.1): a contract below Signing with at least one signee. */
  send(doc: Doc, signeeCount: number): Refusal {
    if (doc.type === 'template') {
      return no(
        'A template cannot be sent for signing: make a document from it first.',
        'TEMPLATE_NOT_SENDABLE',
      );
    }
    if (doc.type !== 'contract' && doc.type !== 'contract-noedit') {
      return no('Only contracts can be sent for signing.', 'NOT_A_CONTRACT');
    }
    if (doc.state === DOCUMENT_STATE.Signing) {
      return no('The document has already been sent for signing.', 'ALREADY_SENT');
    }
    if (doc.state >= DOCUMENT_STATE.Signing) {
      return no('The document has already been signed or archived.', 'ALREADY_COMPLETED');
    }
    if (signeeCount === 0) return no('Add at least one signee before sending.', 'NO_SIGNEES');
    return null;
  },
  cancel(doc: Doc): Refusal {
    return doc.state === DOCUMENT_STATE.Signing
      ? null
      : no('Only a document that is out for signing can be cancelled.', 'NOT_SIGNING');
  },
  /** Reminding signees: only while the document is out for signing. */
  remind(doc: Doc): Refusal {
    return doc.state === DOCUMENT_STATE.Signing
      ? null
      : no('Only a document that is out for signing can be reminded of.', 'NOT_SIGNING');
  },
  /** Opening and saving it in the browser editor: an editable document whose file is a DOCX. */
  edit(doc: Doc & Pick<DocumentRow, 'extension' | 'blobKey'>): Refusal {
    if (!isEditable(doc)) {
      return no('Only templates and contracts that are not being signed can be edited.', 'NOT_EDITABLE');
    }
    if (doc.extension.toLowerCase() !== 'docx' || !doc.blobKey) {
      return no('Only a DOCX document can be edited in the browser.', 'NOT_EDITABLE');
    }
    return null;
  },
  /** Having fields placed on the pages: contracts and templates (not folders or attached files). */
  fields(doc: Doc): Refusal {
    if (doc.type === 'folder') return no('A folder has no pages.', 'IS_A_FOLDER');
    if (!WITH_SIGNEES.includes(doc.type))
      return no('Only contracts and templates have fields.', 'NOT_A_CONTRACT');
    return null;
  },
  /**
   * Placing fields on the pages (issue #33 item 1): a contract or template in Draft. Never while it is out
   * for signing (the signing page and the signatures use them) nor once signed or archived.
   */
  placeFields(doc: Doc): Refusal {
    const refusal = documentRules.fields(doc);
    if (refusal) return refusal;
    if (doc.state !== DOCUMENT_STATE.Draft) {
      return no('Fields can be changed only before the document is sent for signing.', 'NOT_EDITABLE');
    }
    return null;
  },
  /** Sending and placing fields need the document's PDF: still being made, or none at all. */
  pdf(doc: Pick<DocumentRow, 'pdfKey' | 'pdfSha256' | 'conversionStatus'>): Refusal {
    if (doc.pdfKey && doc.pdfSha256) return null;
    return doc.conversionStatus === 'pending'
      ? no('The PDF of this document is still being made. Try again in a moment.', 'PDF_PENDING')
      : no('This document has no PDF version, so it cannot be signed.', 'PDF_UNSIGNABLE');
  },
  /** Making a contract from a template, or copying a folder of them. */
  convert(doc: Doc): Refusal {
    return doc.type === 'template' || doc.type === 'folder'
      ? null
      : no('Only a template or a folder of templates can be converted.', 'NOT_CONVERTIBLE');
  },
  /** Preview and download: documents have files, folders do not. */
  content(doc: Doc): Refusal {
    return doc.type === 'folder' ? no('A folder has no content.', 'IS_A_FOLDER') : null;
  },
} as const;

/** CONFLICT (or the code given) with the rule's message and reason unless it allows. */
export function assertAllowed(refusal: Refusal, code: 'CONFLICT' | 'VALIDATION_FAILED' = 'CONFLICT'): void {
  if (refusal === null) return;
  throw new AppError(code, refusal.message).because(refusal.reason);
}
