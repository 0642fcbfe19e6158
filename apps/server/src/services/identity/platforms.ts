import type { Platform } from '@sinetti/contract';
import type { Config } from '../../config.ts';

/** Scopes asked of each platform's real provider (SPEC §7.1: the second provider also gets Graph file access). */
const REAL_SCOPES: Record<Platform, string> = {
  google: 'openid email profile',
  microsoft: 'openid email profile offline_access User.Read Files.ReadWrite',
};

/** The built-in provider only knows identity scopes. */
const LOCAL_SCOPES = 'openid email profile';

/** Path of the built-in provider under the public URL. */
export const LOCAL_ISSUER_PATH = '/oidc';

/** Everything needed to talk to one platform's identity provider. */
export interface ProviderSettings {
  platform: Platform;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scope: string;
  redirectUri: string;
  /** The built-in provider of this same app (requests go in-process, http allowed). */
  local: boolean;
}

export function localIssuerOf(config: Config): string {
  return `${config.publicUrl}${LOCAL_ISSUER_PATH}`;
}

export function localClientIdOf(platform: Platform): string {
  return `local-${platform}`;
}

export function redirectUriOf(config: Config, platform: Platform): string {
  return `${config.publicUrl}/redirect/${platform}`;
}

/**
 * The provider that signs people in for a platform: the configured one, else the built-in provider
 * when it runs, else none (that platform cannot be used).
 */
export function providerSettingsFor(config: Config, platform: Platform): ProviderSettings | null {
  const configured = config.providers.find((p) => p.platform === platform);
  if (configured) {
    return {
      platform,
      issuer: configured.issuer,
      clientId: configured.clientId,
      clientSecret: configured.clientSecret,
      scope: REAL_SCOPES[platform],
      redirectUri: redirectUriOf(config, platform),
      local: false,
    };
  }
  if (!config.localIdp) return null;
  return {
    platform,
    issuer: localIssuerOf(config),
    clientId: localClientIdOf(platform),
    clientSecret: undefined,
    scope: LOCAL_SCOPES,
    redirectUri: redirectUriOf(config, platform),
    local: true,
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Plain http is accepted for the built-in provider, and outside production for a provider on this
 * machine's loopback interface (a provider under test); every other issuer must use https.
 */
export function allowsPlainHttp(
  config: Config,
  settings: Pick<ProviderSettings, 'local' | 'issuer'>,
): boolean {
  if (settings.local) return true;
  if (!URL.canParse(settings.issuer)) return false;
  const url = new URL(settings.issuer);
  return url.protocol === 'http:' && config.env !== 'production' && LOOPBACK_HOSTS.has(url.hostname);
}
