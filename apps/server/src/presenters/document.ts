import type { Document } from '@sinetti/contract';
import { isEditable } from '../policies/document-rules.ts';
import type { DocumentSummary } from '../queries/documents/columns.ts';

/** The contract's Document: never blob keys, hashes or extracted text. */
export function presentDocument(row: DocumentSummary): Document {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    name: row.name,
    type: row.type,
    extension: row.extension,
    state: row.state,
    platform: row.platform,
    owner: row.ownerAccountId,
    parent: row.parentId,
    mimeType: row.mimeType,
    size: row.size,
    conversion: row.conversionStatus,
    conversionFailure: row.conversionFailure,
    editable: isEditable(row),
  };
}
