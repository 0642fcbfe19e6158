import signee from './signee.json';

/** Finnish: a signee's public pages (start, signing, result, complete, shared document); one chunk, loaded when first needed (../load.ts). */
export default { signee } as const;
