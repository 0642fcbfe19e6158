import { useTranslation } from 'react-i18next';
import type { DocumentFilter } from '@sinetti/contract';
import { filteredQuery, templatesQuery } from '../api/lists';
import { DocumentListPage } from './DocumentListPage';
import { AllDocumentsAction, NewTemplateAction, UploadAction } from './EmptyActions';

/** /filtered/{filter} (SPEC §2.1): the documents in one state, most recently updated first. */
export function FilteredPage({ filter }: { filter: DocumentFilter }) {
  const { t } = useTranslation(['documents', 'common']);
  return (
    <DocumentListPage
      title={t(`common:filters.${filter}`)}
      query={filteredQuery(filter)}
      empty={{
        title: t(`empty.filtered.${filter}`),
        text: t('empty.filteredText'),
        action: filter === 'draft' ? <UploadAction /> : <AllDocumentsAction />,
      }}
    />
  );
}

/** The template library: every template of the organization, by name. */
export function TemplatesPage() {
  const { t } = useTranslation(['documents', 'common']);
  return (
    <DocumentListPage
      title={t('common:nav.templates')}
      subtitle={t('templates.subtitle')}
      query={templatesQuery}
      empty={{
        title: t('empty.templatesTitle'),
        text: t('empty.templatesText'),
        action: <NewTemplateAction />,
      }}
    />
  );
}
