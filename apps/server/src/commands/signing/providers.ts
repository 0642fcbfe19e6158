import type { Config } from '../../config.ts';
import {
  createBuiltInProvider,
  createSigningProviders,
  type SigningProviders,
} from '../../services/signing-providers/index.ts';
import { openBuiltInSession } from './sessions.ts';

const cache = new WeakMap<Config, SigningProviders>();

/**
 * The signing providers of this instance. Only the built-in (simple level) exists until an eID provider
 * is configured; the levels offered to new signees follow from this list.
 */
export function signingProvidersOf(config: Config): SigningProviders {
  let providers = cache.get(config);
  if (!providers) {
    providers = createSigningProviders([
      createBuiltInProvider({ publicUrl: config.publicUrl, openSession: openBuiltInSession }),
    ]);
    cache.set(config, providers);
  }
  return providers;
}
