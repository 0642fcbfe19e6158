import {
  BUILT_IN_METHOD,
  SIGNEE_LEVEL,
  flowOfLevel,
  levelOfMethod,
  type SigneeLevel,
  type SigningFlow,
  type SigningMethodId,
} from '@sinetti/contract';
import type { CscProvider, EidProvider, OidcEidProvider } from '../eid/types.ts';
import type { SigningProvider } from './types.ts';

export * from './types.ts';
export { createBuiltInProvider, type OpenBuiltInSession } from './built-in.ts';

/** A signing method this instance can use, and who serves it. */
export interface OfferedMethod {
  id: SigningMethodId;
  level: SigneeLevel;
  flow: SigningFlow;
  /** Served by a built-in TEST stand-in. */
  test: boolean;
  /** The eID provider or QTSP (none for the built-in e-mail code). */
  eid: EidProvider | null;
}

/**
 * The signing page (built-in provider) and the eID providers behind its methods: which levels and methods
 * new signees can get, and which provider serves a signee's method.
 */
export interface SigningProviders {
  /** The signing page every signee uses (the eID step and the QTSP step are parts of it). */
  readonly page: SigningProvider;
  /** Offered methods: the built-in first, then by the order the eID providers were configured. */
  methods(): OfferedMethod[];
  /** Served levels, lowest first. */
  levels(): SigneeLevel[];
  /** SPEC §5: 10 when an eID provider serves it, else the highest level served (1 without any eID). */
  defaultLevel(): SigneeLevel;
  /** No eID provider: only simple signatures (the web shows a note). */
  fallback(): boolean;
  serves(level: number): level is SigneeLevel;
  /** The first offered method of `level`. */
  defaultMethod(level: SigneeLevel): SigningMethodId | undefined;
  method(id: string): OfferedMethod | undefined;
  oidc(id: string): OidcEidProvider | undefined;
  csc(id: string): CscProvider | undefined;
}

export function createSigningProviders(
  page: SigningProvider,
  eidProviders: readonly EidProvider[] = [],
): SigningProviders {
  const offered: OfferedMethod[] = [
    { id: BUILT_IN_METHOD, level: SIGNEE_LEVEL.simple, flow: 'code', test: false, eid: null },
  ];
  for (const eid of eidProviders) {
    for (const id of eid.methods) {
      if (offered.some((m) => m.id === id)) continue;
      offered.push({
        id,
        level: levelOfMethod(id),
        flow: flowOfLevel(levelOfMethod(id)),
        test: eid.test,
        eid,
      });
    }
  }
  const levels = [...new Set(offered.map((m) => m.level))].sort((a, b) => a - b);
  const method = (id: string) => offered.find((m) => m.id === id);
  return {
    page,
    methods: () => [...offered],
    levels: () => [...levels],
    defaultLevel: () =>
      levels.includes(SIGNEE_LEVEL.advanced)
        ? SIGNEE_LEVEL.advanced
        : (levels[levels.length - 1] as SigneeLevel),
    fallback: () => levels.length === 1,
    serves: (level): level is SigneeLevel => (levels as number[]).includes(level),
    defaultMethod: (level) => offered.find((m) => m.level === level)?.id,
    method,
    oidc: (id) => {
      const m = method(id);
      return m?.eid?.kind === 'oidc' ? m.eid : undefined;
    },
    csc: (id) => {
      const m = method(id);
      return m?.eid?.kind === 'csc' ? m.eid : undefined;
    },
  };
}
