import { useTranslation } from 'react-i18next';
import { searchQuery } from '../api/lists';
import { DocumentListPage } from './DocumentListPage';

/** /search/{text} (SPEC §2.1): results with the text in the title; a failed search shows an empty list. */
export function SearchPage({ text }: { text: string }) {
  const { t } = useTranslation(['documents', 'common']);
  return (
    <DocumentListPage
      title={t('common:pages.search', { text })}
      query={searchQuery(text)}
      empty={{ title: t('empty.searchTitle'), text: t('empty.searchText', { text }) }}
      emptyOnError
    />
  );
}
