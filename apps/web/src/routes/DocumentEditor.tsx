import { Navigate, useParams } from 'react-router';
import { EditorPage } from '../features/documents/editor/EditorPage';

/** The browser DOCX editor (issue 13 item 1): its own route, so nothing of it loads on other pages. */
export default function DocumentEditor() {
  const { document } = useParams();
  if (!document) return <Navigate to="/documents" replace />;
  return <EditorPage key={document} id={document} />;
}
