import en from './en';
import fi from './fi';

/**
 * Every language's namespaces, for tests and types. The app does not import this: it loads only the
 * active language's chunk (./load.ts). Every key in en must exist in fi (locales.test.ts).
 */
export const resources = { en, fi } as const;

export type Namespace = keyof (typeof resources)['en'];
