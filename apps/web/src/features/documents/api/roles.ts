import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { ApiError, call } from '../../../lib/api';
import { documentKeys, refreshDocuments } from './keys';

/** The roles of one document or folder, where they come from, and the organization's roles (SPEC §7.4). */
export const documentRolesQuery = (docId: string) =>
  queryOptions({
    queryKey: documentKeys.roles(docId),
    queryFn: ({ signal }) => call(api.privileges.documentRoles, { params: { docId }, signal }),
  });

export function useDocumentRoles(docId: string) {
  return useQuery(documentRolesQuery(docId));
}

/**
 * Saves the document's roles: what changed, in one call, all or none (one call per role answered 404 once
 * the first role given hid the item from the caller, with half the change saved). Who sees what changes
 * with them, so every list is read again afterwards. Roles the caller does not hold can hide the item from
 * the caller: `hidden` says so, and then the item's own queries are left alone (read again they answer
 * 404, and its open page would add an "could not be opened" toast to the saved one, issue #31 item 3).
 */
export function useSaveDocumentRoles(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, remove }: { add: string[]; remove: string[] }) => {
      await call(api.privileges.documentRolesChange, { params: { docId }, body: { add, remove } });
      return { hidden: await hiddenFromCaller(docId) };
    },
    onSettled: (result) => refreshDocuments(queryClient, result?.hidden ? docId : undefined),
  });
}

/** Whether the caller no longer sees the item: its roles answer NOT_FOUND (the server hides, never refuses). */
async function hiddenFromCaller(docId: string): Promise<boolean> {
  try {
    await call(api.privileges.documentRoles, { params: { docId } });
    return false;
  } catch (err) {
    return err instanceof ApiError && err.code === 'NOT_FOUND';
  }
}
