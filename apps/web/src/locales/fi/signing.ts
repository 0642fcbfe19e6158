import signing from './signing.json';
import verify from './verify.json';

/** Finnish: the public signing, verification and shared-document pages; one chunk, loaded when first needed (../load.ts). */
export default { signing, verify } as const;
