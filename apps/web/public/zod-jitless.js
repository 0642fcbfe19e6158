// Zod probes `new Function('')` when its first schema is built; the Content-Security-Policy has no
// 'unsafe-eval', so that probe was a violation on every page. This file runs before the app's modules
// (a deferred classic script placed before them: deferred scripts and modules run in document order, and
// it does not hold up the first paint) and tells zod to use its plain parsers. See docs/decisions.md.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
