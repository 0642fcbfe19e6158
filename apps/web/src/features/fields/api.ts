import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Document, type PlacedField } from '@sinetti/contract';
import { call } from '../../lib/api';
import type { Assignee } from './lib/assignees';

export const fieldsKey = (docId: string) => ['documents', docId, 'fields'] as const;

/**
 * The PDF the fields are placed on (the document's current PDF, or the PDF made of its DOCX), read each
 * time the editor opens (a new version may have come since); the preview's polling copy belongs to the
 * documents feature.
 */
export function useFieldsPdf(docId: string) {
  return useQuery({
    queryKey: [...fieldsKey(docId), 'pdf'],
    queryFn: ({ signal }) =>
      call(api.documents.content, { params: { id: docId }, signal }).then((reply) => ({
        hash: reply.hash,
        content: reply.content,
        mimeType: reply.contentMimeType,
      })),
    refetchOnWindowFocus: false,
  });
}

/**
 * The fields placed on a contract's or template's pages, and whether the caller may change them now. The
 * document's state is part of the key: sending (or cancelling) reads the document again, and with it the
 * fields' `editable`, without the signing feature knowing about fields.
 */
export function useFields(docId: string, state: Document['state']) {
  return useQuery({
    queryKey: [...fieldsKey(docId), 'list', state],
    queryFn: ({ signal }) =>
      call(api.fields.list, { params: { id: docId }, signal }).then(({ fields, editable }) => ({
        fields,
        editable,
      })),
  });
}

/** Replaces the fields; the reply (the fields as saved) becomes the cached list. */
export function useSaveFields(docId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: PlacedField[]) => call(api.fields.save, { params: { id: docId }, body: { fields } }),
    onSuccess: ({ fields, editable }) =>
      client.setQueriesData({ queryKey: [...fieldsKey(docId), 'list'] }, { fields, editable }),
  });
}

/**
 * Who may fill fields: the document's signees and, on a template, its signee roles. They are read under
 * the signees panel's key (signing/api/keys.ts) and the template panel's (documents/api/template-fields.ts)
 * with the same calls and reply shapes, so each pair shares one cache: a signee or role added there shows
 * in the picker (features do not import each other; the keys are the seam).
 */
export function useAssignees(document: Pick<Document, 'id' | 'type'>) {
  const signees = useQuery({
    queryKey: ['signing', document.id, 'signees'],
    queryFn: ({ signal }) => call(api.signing.signees, { params: { docId: document.id }, signal }),
  });
  const template = useQuery({
    queryKey: ['documents', 'template-fields', document.id],
    enabled: document.type === 'template',
    queryFn: ({ signal }) =>
      call(api.documents.templateFields, { params: { id: document.id }, signal }).then(
        ({ fields, roles }) => ({ fields, roles }),
      ),
    retry: false,
  });
  const roles = template.data?.roles;
  const list = signees.data?.signees;
  const assignees = useMemo<Assignee[]>(
    () => [
      ...(roles ?? []).map((role): Assignee => ({ type: 'role', role, name: role })),
      ...(list ?? []).map((s): Assignee => ({ type: 'signee', id: s.id, name: s.fullName })),
    ],
    [roles, list],
  );
  return { assignees, loading: signees.isPending };
}
