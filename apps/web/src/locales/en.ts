import app from './en/app';
import bulk from './en/bulk';
import core from './en/core';
import fields from './en/fields';
import integrations from './en/integrations';
import onDemand from './en/on-demand';
import signee from './en/signee';
import signing from './en/signing';

/** Every English namespace (for tests and types; the app loads the groups on demand, ./load.ts). */
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
