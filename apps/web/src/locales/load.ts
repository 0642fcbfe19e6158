import type { BackendModule, ReadCallback } from 'i18next';
import type { Language } from '@sinetti/contract';
import type en from './en';

type Namespaces = typeof en;

/** The namespaces of every language (the type check below keeps the list complete). */
export const NAMESPACES = [
  'common',
  'auth',
  'setup',
  'profile',
  'settings',
  'billing',
  'documents',
  'signing',
  'errors',
  'roles',
  'members',
  'organizations',
  'verify',
] as const satisfies readonly (keyof Namespaces)[];
const complete: [Exclude<keyof Namespaces, (typeof NAMESPACES)[number]>] extends [never] ? true : never =
  true;
void complete;

/** One chunk per language with all its namespaces: the page loads only its own language's texts. */
const LOADERS: Record<Language, () => Promise<{ default: Namespaces }>> = {
  en: () => import('./en'),
  fi: () => import('./fi'),
};

/**
 * An i18next backend reading the bundled locale chunks (the i18next-resources-to-backend pattern): a
 * language's texts are fetched when i18next first needs them, at start or on a language change.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = LOADERS[language as Language] as (() => Promise<{ default: Namespaces }>) | undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, (module.default as Record<string, object>)[namespace] ?? {}),
      (error: unknown) => callback(error as Error, null),
    );
  },
};
