/** The signing feature's public pages (SPEC §2.1), kept apart from the member side for small chunks. */
export { SigningCompletePage } from './public/SigningCompletePage';
export { SigningResultPage } from './public/SigningResultPage';
export { SigningSessionPage } from './public/SigningSessionPage';
export { SigningStartPage } from './public/SigningStartPage';
export { PublicLayout } from './public/PublicLayout';
export { SharedDocumentPage } from './public/SharedDocumentPage';
