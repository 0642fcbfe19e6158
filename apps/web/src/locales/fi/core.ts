import common from './common.json';
import auth from './auth.json';
import errors from './errors.json';

/** Finnish: the texts every page needs (sign-in, errors, the shell's common words); one chunk, loaded when first needed (../load.ts). */
export default { common, auth, errors } as const;
