import type { SigneeLevel } from '@sinetti/contract';
import type { SigningProvider } from './types.ts';

export * from './types.ts';
export { createBuiltInProvider, type OpenBuiltInSession } from './built-in.ts';

/** The configured signing providers and the signee levels they serve together. */
export interface SigningProviders {
  readonly all: readonly SigningProvider[];
  /** Served levels, lowest first. */
  levels(): SigneeLevel[];
  /** The level new signees get: the highest one served (see docs/decisions.md, "Signing"). */
  defaultLevel(): SigneeLevel;
  serves(level: number): level is SigneeLevel;
  /** The provider that signs at `level` (the first configured one), or undefined. */
  forLevel(level: number): SigningProvider | undefined;
}

export function createSigningProviders(providers: readonly SigningProvider[]): SigningProviders {
  if (providers.length === 0) throw new Error('At least one signing provider is needed.');
  const levels = [...new Set(providers.flatMap((p) => p.levels))].sort((a, b) => a - b);
  const forLevel = (level: number) => providers.find((p) => (p.levels as readonly number[]).includes(level));
  return {
    all: providers,
    levels: () => [...levels],
    defaultLevel: () => levels[levels.length - 1] as SigneeLevel,
    serves: (level): level is SigneeLevel => forLevel(level) !== undefined,
    forLevel,
  };
}
