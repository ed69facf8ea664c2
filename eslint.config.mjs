// `npm run lint`'s first half: eslint with typescript-eslint's type-checked rules over every TypeScript file tsc checks
// (tsconfig.json's include: docker/, fixtures/, scenarios/, scripts/, tests/, vitest.config.ts), and the plain
// JavaScript rules over the few .mjs files, which no tsconfig covers.
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
  },
  {
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
