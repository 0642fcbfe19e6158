import integrations from './integrations.json';

/** English: the organization's integrations settings (API keys, webhooks, embedding); one chunk, loaded when one first shows (../load.ts). */
export default { integrations } as const;
