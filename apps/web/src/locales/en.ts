import app from './en/app';
import core from './en/core';
import signing from './en/signing';

/** Every English namespace (for tests and types; the app loads the groups on demand, ./load.ts). */
export default { ...core, ...signing, ...app } as const;
