// Zod probes `new Function('')` when its first schema is built; the Content-Security-Policy has no
// 'unsafe-eval', so that probe was a violation on every page. This file runs before the app's modules
// (a classic script, not deferred) and tells zod to use its plain parsers. See docs/decisions.md.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
