import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import featureBoundaries from './apps/web/build/feature-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A feature imports no other feature, in tests too; lib/ and components/ import none (docs/decisions.md
    // "Feature boundaries"). Shared code goes to lib/ or components/; app/ and routes/ put features together.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'sinetti-web': featureBoundaries },
    rules: { 'sinetti-web/no-cross-feature-imports': 'error' },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom'] }],
    },
  },
  {
    // The authorization seam (docs/decisions.md "Authorization"): only policies/ brands values as authorized.
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/policies/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/policies/authorized.ts'], message: 'Authorize through policies/.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'TSAsExpression > TSTypeReference[typeName.name=/^(Authorized|DocumentAccess$|RolesAccess$)/]',
          message: 'Only policies/ makes authorized values: call authorize… instead of casting.',
        },
      ],
    },
  },
  {
    // Routes hold ids from the request: they authorize them for the actor, and never take the system
    // grant that token- and job-driven commands use (policies/system.ts, docs/decisions.md "System access").
    // Nor do they query the database themselves: that is commands/ and queries/ behind the seam. The health
    // check's probe of the database itself is the one exception.
    files: ['apps/server/src/routes/**/*.ts'],
    ignores: ['apps/server/src/routes/system/health.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/policies/authorized.ts'], message: 'Authorize through policies/.' },
            {
              group: ['**/policies/system.ts'],
              message: 'A route authorizes for its actor, not as the system.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/**', '**/db/schema/index.ts'],
              message: 'Routes do no database work: call a command or a query.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's test files share their worker's loaded modules (apps/server/vitest.config.ts isolate: false):
    // a mock does not reach a module another file loaded first, and the test passes without testing. Files that
    // mock modules are named *.isolated.test.ts and run with a module registry of their own.
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/**/*.isolated.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            'A mock misses modules that other test files in the worker loaded first (isolate: false). Test ' +
            'without it, or name the file *.isolated.test.ts: it then runs in a module registry of its own ' +
            '(apps/server/vitest.config.ts).',
        })),
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*', 'e2e/**/*'],
    rules: { 'no-console': 'off' },
  },
);
