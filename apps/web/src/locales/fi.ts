import app from './fi/app';
import bulk from './fi/bulk';
import core from './fi/core';
import fields from './fi/fields';
import integrations from './fi/integrations';
import onDemand from './fi/on-demand';
import signee from './fi/signee';
import signing from './fi/signing';

/** Every Finnish namespace (for tests and types; the app loads the groups on demand, ./load.ts). */
export default {
  ...core,
  ...signee,
  ...signing,
  ...app,
  ...integrations,
  ...bulk,
  ...fields,
  ...onDemand,
} as const;
