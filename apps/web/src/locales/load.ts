import type { BackendModule, ReadCallback } from 'i18next';
import type { Language } from '@sinetti/contract';
import type en from './en';

type Namespaces = typeof en;
type Namespace = keyof Namespaces;

/**
 * The namespaces in eight chunks per language, so that a page fetches only the texts it shows: `core` on
 * every page (sign-in, errors, common words), `signee` on a signee's public pages (signing, result,
 * download, shared document), `signing` on the verification page and in the signed-in app (signees,
 * sending, verification), `app` in the signed-in app (issue 12 item 8), `integrations` on the settings
 * pages for API keys, webhooks and embedding, `bulk` in the bulk send dialog, `fields` on the document page (placing
 * fields on its pages), `onDemand` when a part loaded
 * on demand (the editor, the versions dialog) first shows.
 */
export const NAMESPACE_GROUPS = {
  core: ['common', 'auth', 'errors'],
  signee: ['signee'],
  signing: ['signing', 'verify'],
  app: ['setup', 'profile', 'settings', 'billing', 'documents', 'roles', 'members', 'organizations'],
  integrations: ['integrations'],
  bulk: ['bulk'],
  fields: ['fields'],
  onDemand: ['editor', 'versions'],
} as const satisfies Record<string, readonly Namespace[]>;
export type NamespaceGroup = keyof typeof NAMESPACE_GROUPS;

/** Every namespace (the type check below keeps the list complete). */
export const NAMESPACES = Object.values(NAMESPACE_GROUPS).flat() as Namespace[];
type Listed = (typeof NAMESPACE_GROUPS)[NamespaceGroup][number];
const complete: [Exclude<Namespace, Listed>] extends [never] ? true : never = true;
void complete;

/** The namespaces a page needs before it renders, by the groups it uses (core is always loaded). */
export function namespacesOf(groups: readonly NamespaceGroup[]): Namespace[] {
  return groups.flatMap((g) => [...NAMESPACE_GROUPS[g]]);
}

type Chunk = () => Promise<{ default: Partial<Record<Namespace, object>> }>;

const LOADERS: Record<Language, Record<NamespaceGroup, Chunk>> = {
  en: {
    core: () => import('./en/core'),
    signee: () => import('./en/signee'),
    signing: () => import('./en/signing'),
    app: () => import('./en/app'),
    integrations: () => import('./en/integrations'),
    bulk: () => import('./en/bulk'),
    fields: () => import('./en/fields'),
    onDemand: () => import('./en/on-demand'),
  },
  fi: {
    core: () => import('./fi/core'),
    signee: () => import('./fi/signee'),
    signing: () => import('./fi/signing'),
    app: () => import('./fi/app'),
    integrations: () => import('./fi/integrations'),
    bulk: () => import('./fi/bulk'),
    fields: () => import('./fi/fields'),
    onDemand: () => import('./fi/on-demand'),
  },
};

function groupOf(namespace: string): NamespaceGroup | undefined {
  return (Object.keys(NAMESPACE_GROUPS) as NamespaceGroup[]).find((g) =>
    (NAMESPACE_GROUPS[g] as readonly string[]).includes(namespace),
  );
}

/**
 * An i18next backend reading the bundled locale chunks (the i18next-resources-to-backend pattern): a
 * namespace's group is fetched when i18next first needs it, at start, on a route that asks for it, or on
 * a language change.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const group = groupOf(namespace);
    const load = group ? LOADERS[language as Language]?.[group] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default[namespace as Namespace] ?? {}),
      (error: unknown) => callback(error as Error, null),
    );
  },
};
