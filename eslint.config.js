import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import directions of docs/architecture.md: the machine knows nothing of React, the DOM
// or HTTP; the server never reaches into views or the machine.
const noUiInMachine = {
  patterns: [
    { group: ['react', 'react-dom', 'react-router-dom', '@emotion/*', 'ky'], message: 'machines/ stays free of React, the DOM and HTTP: supply effects with machine.provide().' },
    { group: ['**/src/**', '**/server/**'], message: 'machines/ may import only contract/ of our folders.' },
  ],
};
const serverBoundary = {
  patterns: [
    { group: ['react', 'react-dom', 'react-router-dom', '@emotion/*'], message: 'server/ does not render React.' },
    { group: ['**/machines/**', '**/src/**'], message: 'server/ shares only contract/ with the browser.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['machines/**/*.ts'], rules: { 'no-restricted-imports': ['error', noUiInMachine] } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': ['error', serverBoundary] } },
);
