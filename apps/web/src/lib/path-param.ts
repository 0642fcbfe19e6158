// App paths carried in query parameters (the redirect and back parameters, SPEC §2.2).

/** base64 of a UTF-8 path, for the redirect and back query parameters (SPEC §2.2). */
export function encodePathParam(path: string): string {
  return btoa(String.fromCodePoint(...new TextEncoder().encode(path)));
}

/** Decodes a base64 path; anything that is not an app path (starting with one '/') gives null. */
export function decodePathParam(value: string | null): string | null {
  if (!value) return null;
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.codePointAt(0) ?? 0);
    const path = new TextDecoder().decode(bytes);
    return path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** An app path the user may be sent to after sign-in (never another site, never back to sign-in). */
export function appPathOrHome(path: string | undefined | null): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  if (/^\/(redirect|signin|signup)(\/|\?|$)/.test(path)) return '/';
  return path;
}
