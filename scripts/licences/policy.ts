import { parseExpression, satisfies } from './spdx.ts';
import type { InstalledPackage } from './tree.ts';

/**
 * Licences whose code may be combined with Sinetti's and conveyed under AGPL-3.0-or-later (the FSF's list
 * of GPL-3.0-compatible licences, plus GPL-3.0 and AGPL-3.0 themselves, whose section 13 allows the
 * combination). GPL-2.0-only is not among them: it cannot be combined with (A)GPL-3.0 code.
 * docs/decisions.md "Licence gate" says why each family is here.
 */
export const ALLOWED = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  '0BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'MPL-2.0',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'GPL-2.0-or-later',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  // Fonts.
  'OFL-1.1',
  // Data (e.g. Unicode or browser tables).
  'CC0-1.0',
  'CC-BY-4.0',
  'Unlicense',
  'BlueOak-1.0.0',
  'Zlib',
  'Python-2.0',
]);

/**
 * Packages whose package.json does not state an allowed licence but whose licence was read and found
 * compatible: exact versions only, so a new version is read again before it passes. Each says why.
 */
export interface LicenceException {
  /** `name@version`. */
  package: string;
  /** The SPDX licence the package's own files grant (what the notices and the SBOM record). */
  licence: string;
  reason: string;
}

export const EXCEPTIONS: readonly LicenceException[] = [];

export interface Finding {
  name: string;
  version: string;
  licence: string | null;
  /** `@sinetti/web > superdoc > @superdoc/docx-engine`. */
  path: string;
  problem: string;
}

/** The licence a package is used under: the exception's for a listed version, else its own statement. */
export function effectiveLicence(
  pkg: Pick<InstalledPackage, 'name' | 'version' | 'licence'>,
  exceptions: readonly LicenceException[] = EXCEPTIONS,
): string | null {
  const exception = exceptions.find((e) => e.package === `${pkg.name}@${pkg.version}`);
  return exception ? exception.licence : pkg.licence;
}

/** Why a licence statement is not acceptable, or null when it is. */
export function licenceProblem(
  licence: string | null,
  allowed: ReadonlySet<string> = ALLOWED,
): string | null {
  if (licence === null) return 'no licence stated';
  if (/^SEE LICEN[CS]E IN /i.test(licence)) {
    return 'licence only in a file of the package: read it and decide (scripts/licences/policy.ts EXCEPTIONS)';
  }
  if (/^UNLICENSED$/i.test(licence)) return 'not licensed for use by others (UNLICENSED)';
  try {
    return satisfies(parseExpression(licence), allowed) ? null : 'licence not in the allowlist';
  } catch {
    return 'not an SPDX licence expression';
  }
}

/**
 * Every package of a tree that may not ship with Sinetti. Our own workspace packages are the product
 * itself (AGPL-3.0-or-later, the root package.json) and are not judged.
 */
export function judge(
  packages: Iterable<InstalledPackage>,
  options: { allowed?: ReadonlySet<string>; exceptions?: readonly LicenceException[] } = {},
): Finding[] {
  const findings: Finding[] = [];
  for (const pkg of packages) {
    if (pkg.firstParty) continue;
    const problem = licenceProblem(effectiveLicence(pkg, options.exceptions), options.allowed);
    if (problem) {
      findings.push({
        name: pkg.name,
        version: pkg.version,
        licence: pkg.licence,
        path: pkg.path.join(' > '),
        problem,
      });
    }
  }
  return findings.sort((a, b) => a.path.localeCompare(b.path));
}

export function formatFinding(f: Finding): string {
  const licence = f.licence === null ? '(none)' : JSON.stringify(f.licence);
  return `${f.name}@${f.version}: licence ${licence}: ${f.problem}\n    pulled in by ${f.path}`;
}
