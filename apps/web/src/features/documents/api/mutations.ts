import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CreateType, type Document, type Language } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { documentKeys, refreshDocuments } from './keys';

/** Keeps the open document's cache in step with a reply, then reads every list again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (document?: Document) => {
    if (document) queryClient.setQueryData(documentKeys.info(document.id), { status: 'OK', document });
    void refreshDocuments(queryClient);
  };
}

export function useRenameDocument() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (input: { documentId: string; name: string }) => call(api.documents.rename, { body: input }),
    onSuccess: (reply) => after(reply.document),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => call(api.documents.delete, { body: { documentId } }),
    // The deleted document's own queries are left alone: read again they would fail while its page closes.
    onSuccess: (_reply, documentId) => {
      void refreshDocuments(queryClient, documentId);
    },
  });
}

export function useArchiveDocument() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ documentId, archived }: { documentId: string; archived: boolean }) =>
      call(archived ? api.documents.archive : api.documents.restore, { body: { documentId } }),
    onSuccess: (reply) => after(reply.document),
  });
}

export function useMoveDocument() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, target }: { id: string; target: string | null }) =>
      call(api.documents.move, { params: { id, target: target ?? 'root' } }),
    onSuccess: (reply) => after(reply.document),
  });
}

export interface CreateInput {
  type: CreateType;
  name: string;
  parent: string | null;
  /** Make a contract from this template instead (SPEC §4.3). */
  templateId?: string;
  /** The template's field values by name (issue 13 item 4). */
  values?: Record<string, string>;
  /** A person for each of the template's signee roles. */
  signees?: { role: string; givenName: string; familyName: string; email: string; language: Language }[];
}

/** Creates a folder, contract or template, or converts a template; answers the new document's id. */
export async function createDocument(input: CreateInput): Promise<string> {
  if (input.templateId) {
    const reply = await call(api.documents.convert, {
      params: { id: input.templateId },
      body: {
        name: input.name,
        parent: input.parent,
        includeChildren: false,
        values: input.values,
        signees: input.signees,
      },
    });
    return reply.documentId;
  }
  const reply = await call(api.documents.create, {
    params: { type: input.type, parent: input.parent ?? undefined },
    body: { name: input.name },
  });
  return reply.document.id;
}
