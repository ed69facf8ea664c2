// `npm run lint`'s first half: eslint with typescript-eslint's type-checked rules over every TypeScript file tsc checks
// (tsconfig.json's include: lib/, docker/, fixtures/, scenarios/, scripts/, tests/, vitest.config.ts), and the plain
// JavaScript rules over the few .mjs and .cjs files, which no tsconfig covers.
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Generated or installed: dependencies, run outputs, the compiled contracts, the simulators' esbuild bundles.
    ignores: ['node_modules/', 'reports/', '**/dist/', 'docker/contracts/build/', '.devnet/'],
  },
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // tsc's noUnusedLocals convention: a leading underscore names what is left out on purpose (`{ secret: _secret, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: `async` without `await` is deliberate here (fakes and route handlers that must return a promise, and whose throws must become rejections); unhandled promises are no-floating-promises' and no-misused-promises' to catch.
      '@typescript-eslint/require-await': 'off',
      // Passing on a caught error or an AbortSignal's reason unchanged is right (only-throw-error's defaults agree); literals and plain objects are still refused.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.spec.ts', 'tests/**/*.ts'],
    rules: {
      // Off in tests: vitest types its asymmetric matchers (expect.any, expect.stringContaining, …) as any, and expected values are full of them; reading an any (no-unsafe-member-access, -call, -return) is still refused.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // A scenario's set-up and tear-down are the language's setUp, tearDown and afterEachTest (fixtures/report/scenario.ts):
    // they never run where the scenario does not apply, so a missing capability starts no container and moves no funds.
    files: ['scenarios/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vitest',
              importNames: ['beforeAll', 'afterAll', 'afterEach'],
              message:
                "use setUp, tearDown and afterEachTest from fixtures/report: they never run where the scenario's declared needs are missing",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  {
    // .dependency-cruiser.cjs: a CommonJS module (dependency-cruiser loads its configuration with require).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
