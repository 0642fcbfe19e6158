import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './feature-boundaries.mjs';

const SRC = path.resolve(import.meta.dirname, '../src');

/** The rule's findings in `code`, were it the file at `file` (relative to apps/web/src). */
function problems(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
        plugins: { boundaries },
        rules: { 'boundaries/no-cross-feature-imports': 'error' },
      },
    ],
    path.join(SRC, file),
  );
  return messages.map((m) => m.message);
}

describe('no-cross-feature-imports (features import no other feature)', () => {
  it('refuses a feature importing another, from any depth and in every form', () => {
    const refused: [string, string][] = [
      [
        'features/signing/components/SigningActions.tsx',
        "import { X } from '../../verify/VerifyDocumentButton';",
      ],
      ['features/feedback/api.ts', "import { systemConfigQuery } from '../auth/api/config';"],
      ['features/tour/GuideHost.test.tsx', "import type { T } from '../organizations/modals';"],
      ['features/setup/a.ts', "export { useSaveLanguage } from '../profile/api/language';"],
      ['features/setup/a.ts', "export * from '../profile/api/language';"],
      ['features/setup/a.ts', "const m = import('../profile/api/language');"],
      ['features/setup/a.test.ts', "vi.mock('../profile/api/language', () => ({}));"],
      ['features/setup/a.test.ts', "await vi.importActual('../../features/profile/api/language');"],
    ];
    for (const [file, code] of refused) {
      expect(problems(file, code), `${file}: ${code}`).toEqual([
        expect.stringMatching(/may not import features\//),
      ]);
    }
  });

  it('refuses lib/ and components/ importing a feature', () => {
    expect(problems('lib/a.ts', "import { x } from '../features/auth/api/login';")).toEqual([
      'lib/ may not import features/auth: what is shared may not depend on a feature.',
    ]);
    expect(
      problems('components/verification/V.tsx', "import { x } from '../../features/verify/api';"),
    ).toHaveLength(1);
  });

  it('lets a feature import itself, lib/, components/ and packages; app/ and routes/ import any feature', () => {
    const allowed: [string, string][] = [
      ['features/signing/components/SigneesPanel.tsx', "import { x } from '../api/signees';"],
      [
        'features/signing/components/SigningActions.tsx',
        "import { x } from '../../../components/verification/VerifyDocumentButton';",
      ],
      ['features/verify/VerifyPage.tsx', "import { systemConfigQuery } from '../../lib/system-config';"],
      ['features/verify/VerifyPage.tsx', "import { api } from '@sinetti/contract';"],
      ['app/layout/ShellLayout.tsx', "import { GuideHost } from '../../features/tour/GuideHost';"],
      [
        'routes/setup/CreateOrganization.tsx',
        "import { S } from '../../features/organizations/components/SetupInvitations';",
      ],
      ['features/setup/a.test.ts', "vi.mock('../../../lib/sounds', () => ({}));"],
    ];
    for (const [file, code] of allowed) expect(problems(file, code), `${file}: ${code}`).toEqual([]);
  });

  it('is on in the repository’s ESLint configuration for the web app’s sources and tests', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: path.resolve(SRC, '../../..') });
    for (const file of ['features/tour/GuideHost.tsx', 'features/tour/GuideHost.test.tsx', 'lib/api.ts']) {
      const config = await eslint.calculateConfigForFile(path.join(SRC, file));
      expect(config.rules?.['sinetti-web/no-cross-feature-imports'], file).toEqual([2]);
    }
  });
});
