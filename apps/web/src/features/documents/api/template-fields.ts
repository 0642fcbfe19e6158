import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';

const templateKey = (templateId: string | undefined) => ['documents', 'template-fields', templateId] as const;

/**
 * What Use template asks for (issue 13 item 4): the fields of a template's placeholders and its signee
 * roles; none of either for most templates.
 */
export function useTemplateFields(templateId: string | undefined) {
  return useQuery({
    queryKey: templateKey(templateId),
    enabled: templateId !== undefined,
    queryFn: ({ signal }) =>
      call(api.documents.templateFields, { params: { id: templateId as string }, signal }).then(
        ({ fields, roles }) => ({ fields, roles }),
      ),
    retry: false,
  });
}

/** Replaces a template's signee roles. */
export function useSetTemplateRoles(templateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (roles: string[]) =>
      call(api.documents.setTemplateRoles, { params: { id: templateId }, body: { roles } }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKey(templateId) }),
  });
}
