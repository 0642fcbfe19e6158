import fields from './fields.json';

/** Finnish: placing fields on a document's pages; one chunk, loaded with the document page (../load.ts). */
export default { fields } as const;
