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
    // Only the two Electron hosts (main/electron with its entry, and preload) talk IPC:
    // everything else goes through the handler table or the renderer's api/client.ts.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['main/electron/**', 'main/index.ts', 'preload/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'IPC belongs to the hosts (main/electron, preload/index.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // main/session, main/library, main/api and the server are plain Node: they must never
    // reach for Electron (ARCHITECTURE.md rule 6).
    files: ['main/session/**', 'main/library/**', 'main/api/**', 'main/server/**', 'main/serve.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    // The renderer reaches main only through the contract and src/api/client.ts.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            {
              group: ['**/main/**'],
              message: 'The renderer imports the contract (preload/contract), never main code.',
            },
          ],
        },
      ],
    },
  },
)
