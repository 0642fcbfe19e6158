import type { Config } from '../../config.ts';
import type { EidProvider } from '../../services/eid/types.ts';
import {
  createBuiltInProvider,
  createSigningProviders,
  type SigningProviders,
} from '../../services/signing-providers/index.ts';
import { openBuiltInSession } from './sessions.ts';

const cache = new WeakMap<Config, SigningProviders>();

/**
 * The signing providers of this instance: the built-in signing page, and the eID providers behind the
 * advanced and qualified methods (set by `useEidProviders` when the app starts). Without eID providers
 * only the simple level is offered.
 */
export function signingProvidersOf(config: Config): SigningProviders {
  let providers = cache.get(config);
  if (!providers) {
    providers = createSigningProviders(builtIn(config));
    cache.set(config, providers);
  }
  return providers;
}

/** Makes `eid` the instance's eID providers (app start, before any route runs). */
export function useEidProviders(config: Config, eid: readonly EidProvider[]): SigningProviders {
  const providers = createSigningProviders(builtIn(config), eid);
  cache.set(config, providers);
  return providers;
}

const builtIn = (config: Config) =>
  createBuiltInProvider({ publicUrl: config.publicUrl, openSession: openBuiltInSession });
