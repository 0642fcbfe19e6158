import { useQuery } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../../lib/api';

/** The fields a template's placeholders ask for (issue 13 item 4); none for most templates. */
export function useTemplateFields(templateId: string | undefined) {
  return useQuery({
    queryKey: ['documents', 'template-fields', templateId] as const,
    enabled: templateId !== undefined,
    queryFn: ({ signal }) =>
      call(api.documents.templateFields, { params: { id: templateId as string }, signal }).then(
        (r) => r.fields,
      ),
    retry: false,
  });
}
