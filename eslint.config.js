// ESLint 9 flat config. Syntax-level rules only (no type information), so `npm run lint` stays fast;
// the type checker (`npm run typecheck`) covers what typed rules would.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import pinyou from './scripts/eslint-plugin-pinyou.mjs';
import pinyouWeb from './scripts/eslint-plugin-web-zones.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a value deliberately left unused (e.g. destructured away to drop a field). A warning, not an
      // error: modules merged mid-way often hold an import their next commit uses, and lint should not block that.
      '@typescript-eslint/no-unused-vars': [
        'warn',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Test doubles and untyped JSON answers read better as `any`; production code still has to pass tsc --strict.
      '@typescript-eslint/no-explicit-any': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules; the React Compiler rules of v7's preset judge code written for the compiler, which this is not.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Modules meet only through their index.ts; nothing imports itself back (scripts/eslint-plugin-pinyou.mjs).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { pinyou },
    rules: { 'pinyou/module-boundaries': 'error', 'pinyou/no-cycle': 'error' },
  },
  {
    // The web app's walls: a feature imports no other feature and not the app layer; lib/ and components/ import
    // neither (scripts/eslint-plugin-web-zones.mjs).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'pinyou-web': pinyouWeb },
    rules: { 'pinyou-web/zones': 'error' },
  },
  {
    // Console pages make each request through their domain's api/<request>.ts (as the web app's features do), never
    // through the client inline. They may still tell its errors apart (ConsoleApiError).
    files: ['apps/console/src/pages/**/*.{ts,tsx}'],
    ignores: ['apps/console/src/pages/*/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+api\\.ts$',
              allowImportNames: ['ConsoleApiError'],
              message: "Call the API from a file in this domain's api/ folder (one request per file).",
            },
          ],
        },
      ],
    },
  },
  {
    // The one exception: the login page stores the token its request (admin/api/admin-login.ts) returns.
    files: ['apps/console/src/pages/login.page.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+api\\.ts$',
              allowImportNames: ['staffToken'],
              message: 'The login page takes only the token store from the client; its request is admin/api/admin-login.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
