/** The fields feature's public surface, composed by routes: placing fields on a document's pages. */
export { FieldsCard } from './components/FieldsCard';
