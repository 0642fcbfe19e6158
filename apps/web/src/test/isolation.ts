import { vi } from 'vitest';
import { changeLanguage, initialLanguage } from '../lib/i18n';
import { takeChosenQueryLanguage } from '../lib/language';

/*
 * The test files of a worker share it (`isolate: false` in vite.config.ts): jsdom, the packages under
 * node_modules and the translations of both languages load once per worker rather than once per file,
 * which was more than half of the web tests' time. Before each file (vitest.setup.ts runs again for every
 * file) startTestFile() puts back what the previous file may have left, so that a file still starts as it
 * would in a worker of its own:
 * - the app's own modules are evaluated afresh, and so are the modules a file replaced with vi.mock: a
 *   store, cache or mock of one file never reaches the next. Kept are the translations and the modules they
 *   build on (KEPT below): they hold no state a test changes but the language, which is set back;
 * - the page: document, address, history state, storage, cookies, the `lang` attribute;
 * - window listeners added while the previous file ran (the app installs some outside React, e.g. error
 *   reporting), stubbed globals and environment variables, fake timers.
 */

/** Source modules that stay evaluated for the whole worker: i18n with its texts and what it imports. */
const KEPT = [
  /\/apps\/web\/src\/lib\/(i18n|language|storage)\.ts$/,
  /\/apps\/web\/src\/locales\//,
  /\/apps\/web\/src\/test\/isolation\.ts$/,
  // Vitest runs the setup file again for every test file itself.
  /\/apps\/web\/vitest\.setup\.ts$/,
  /\/packages\/contract\//,
];

/** Vitest's own modules (the same list its isolation keeps) and packages: evaluated once per worker. */
const SHARED = [/\/vitest\/dist\//, /vitest-virtual-\w+\/dist/, /@vitest\/dist/, /\/node_modules\//];

interface ModuleNode {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
  mockedExports?: unknown;
}

/**
 * The worker's module graph. Vitest keeps no public handle to it, so this reads its worker state (the one
 * its own `isolate: true` resets); a Vitest upgrade that moves it fails here loudly rather than letting
 * files share modules unnoticed.
 */
function moduleGraph(): Map<string, ModuleNode> {
  const state = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: unknown } } })
    .__vitest_worker__;
  const modules = state?.evaluatedModules?.idToModuleMap;
  if (!(modules instanceof Map)) {
    throw new Error(
      "Vitest's module graph is not where src/test/isolation.ts looks for it: update it, or set isolate: true in vite.config.ts.",
    );
  }
  return modules as Map<string, ModuleNode>;
}

function freshModules(): void {
  for (const [id, node] of moduleGraph()) {
    const mocked = id.startsWith('mock:');
    if (!mocked && (SHARED.some((re) => re.test(id)) || KEPT.some((re) => re.test(id)))) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
    if (mocked) node.mockedExports = undefined;
  }
}

interface Worker {
  /** The address jsdom started at. */
  url: string;
  /** Window listeners added since the current file started. */
  listeners: {
    type: string;
    listener: EventListenerOrEventListenerObject;
    options?: boolean | EventListenerOptions;
  }[];
}

const WORKER = Symbol.for('sinetti.test.worker');

/** Set up once per worker: remembers the start address and watches window.addEventListener. */
function worker(): Worker {
  const scope = globalThis as { [WORKER]?: Worker };
  if (scope[WORKER]) return scope[WORKER];
  const state: Worker = { url: window.location.href, listeners: [] };
  const add = window.addEventListener.bind(window) as (
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) => void;
  window.addEventListener = ((
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) => {
    if (listener) {
      const capture = typeof options === 'boolean' ? options : options?.capture;
      state.listeners.push({ type, listener, options: { capture: capture ?? false } });
    }
    add(type, listener, options);
  }) as typeof window.addEventListener;
  scope[WORKER] = state;
  return state;
}

/** Before a test file: the worker as a fresh one would be (see the top of this file). */
export async function startTestFile(): Promise<void> {
  const state = worker();
  freshModules();

  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const { type, listener, options } of state.listeners.splice(0)) {
    window.removeEventListener(type, listener, options);
  }

  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.title = '';
  window.history.replaceState(null, '', state.url);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }

  // The language a fresh page starts in (stored for the next visit, as i18n's start does).
  takeChosenQueryLanguage();
  await changeLanguage(initialLanguage());
}
