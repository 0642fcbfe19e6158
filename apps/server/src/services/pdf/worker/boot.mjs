// Entry of a PDF worker thread. The server runs TypeScript through tsx (npm start, vitest, bench, e2e): the
// worker registers tsx's ESM loader itself, so pdf-lib and the own parser load through one module system
// (ESM) whatever the parent was started with; then the real entry runs.
import { register } from 'tsx/esm/api';

register();
await import('./entry.ts');
