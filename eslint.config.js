import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'test/fixtures',
      'test-results',
      'playwright-report',
      'bench/peers/node_modules',
      'bench/out',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // main/session and main/library are plain Node: they must never reach for Electron.
    files: ['main/session/**', 'main/library/**', 'main/api/**', 'main/server/**', 'main/serve.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
)
