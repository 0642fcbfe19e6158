/**
 * The parameters of `pathname` on the route `path` (`:name` segments, `:name?` optional at the end), or
 * null when it does not match. Empty optional parameters are left out.
 */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  const pattern = path.split('/').filter(Boolean);
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length > pattern.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    const part = parts[index];
    const optional = segment.endsWith('?');
    if (part === undefined) {
      if (optional) continue;
      return null;
    }
    if (!segment.startsWith(':')) {
      if (segment !== part) return null;
      continue;
    }
    try {
      params[segment.slice(1, optional ? -1 : undefined)] = decodeURIComponent(part);
    } catch {
      return null;
    }
  }
  return params;
}

/** The path `path` (`/api/x/:name`) with its parameters filled in from `params`, or null if one is missing. */
export function fillPath(path: string, params: Record<string, string>): string | null {
  let missing = false;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : filled;
}
