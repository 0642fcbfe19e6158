import app from './fi/app';
import core from './fi/core';
import signing from './fi/signing';

/** Every Finnish namespace (for tests and types; the app loads the groups on demand, ./load.ts). */
export default { ...core, ...signing, ...app } as const;
