import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { i18nReady } from './src/lib/i18n';
import { NAMESPACES } from './src/locales/load';
import { takeReplyMismatches } from './src/test/contract-replies';
import { startTestFile } from './src/test/isolation';

// The app loads one language's texts, a group at a time, on demand; tests render any component and
// switch freely, so every namespace of both languages is loaded up front: once per worker, since the
// files of a worker share it (this file runs again before each of them, and then finds them loaded).
await i18nReady;
await i18n.loadNamespaces(NAMESPACES);
await i18n.loadLanguages(['en', 'fi']);
// What the previous file of this worker left (modules, page, storage, language) is put back.
await startTestFile();

// findBy*/waitFor give up after this long. A hang detector, not a speed check: a busy 2-core machine
// needs far more than the 1 s default (a first render loading lazy routes took over 10 s once), so tests
// wait for states and leave the limits here and in vite.config.ts (testTimeout) alone.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  const wrong = takeReplyMismatches();
  if (wrong.length > 0) {
    throw new Error(`Mocked replies the contract's endpoints could not send:\n${wrong.join('\n')}`);
  }
});

// Mantine reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= RO as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
