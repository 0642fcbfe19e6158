import { useParams } from 'react-router';
import { SearchPage } from '../features/documents/components/SearchPage';
import { registerDocumentModals } from '../features/documents/modals';

registerDocumentModals();

/** Search results (SPEC §2.1): the title shows the search text. */
export default function Search() {
  const { text = '' } = useParams();
  return <SearchPage text={text} />;
}
