import signee from './signee.json';

/** English: a signee's public pages (start, signing, result, complete, shared document); one chunk, loaded when first needed (../load.ts). */
export default { signee } as const;
