import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';
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
 * Saves the document's roles: adds and removes only what changed, one call each. Who sees what changes
 * with them, so every list is read again afterwards.
 */
export function useSaveDocumentRoles(docId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, remove }: { add: string[]; remove: string[] }) => {
      for (const roleId of add) await call(api.privileges.documentRoleAdd, { params: { docId, roleId } });
      for (const roleId of remove) {
        await call(api.privileges.documentRoleDelete, { params: { docId, roleId } });
      }
    },
    onSettled: () => refreshDocuments(queryClient),
  });
}
