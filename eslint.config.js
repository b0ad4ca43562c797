// `npm run lint`: typescript-eslint's recommended rules everywhere, the type-aware rules that catch lost promises, and
// React's rules of hooks in the renderer. Type-aware rules are few on purpose: they make the type checker look at
// most expressions (no-misused-promises alone costs about a quarter of a cold run), so each must find real mistakes.
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Build output, reports and test artefacts (see .gitignore): generated, not written here.
  { ignores: ['out/', 'dist/', 'test-results/', 'playwright-report/', '.playwright-mcp/', 'ui-shots/', 'bench/_*'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  tseslint.configs.recommended,
  {
    languageOptions: {
      // The two programs `npm run typecheck` checks (src/shared is in both; the first one that holds a file is used).
      parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `_` marks what a signature or a destructuring must name but the code doesn't use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // `ok ? resolve() : reject()` and `cond && run()` as statements are the code's style for one-line branches.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // Scripts and configs outside both programs: linted without types.
    files: ['*.js', '*.ts', 'scripts/**', 'bin/**', 'resources/**'],
    ignores: ['electron.vite.config.ts', 'playwright.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
