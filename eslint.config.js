import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * The layers of docs/architecture.md, held by lint (test/lint/boundaries.test.ts shows each rule
 * failing on a wrong-way import):
 *
 *   contract/   valibot only, nothing of ours
 *   machines/   contract/, xstate, valibot
 *   server/     contract/ of our folders; the development stand-ins only from the wiring
 *   src/        machines/ and contract/; views, shell and kit never reach the HTTP clients or the address bar (src/routing),
 *               and use the running portal through src/portal/, never the composition root that builds it (src/app)
 *   scripts/    anything but src/ (the test harness included: lighthouse drives the e2e browser)
 *
 * and no import cycles anywhere.
 */
const ours = ['./contract', './machines', './server', './src', './scripts', './test'];
const others = (...allowed) => ours.filter((folder) => !allowed.includes(folder));
const zone = (target, allowed, message) => ({ target, from: others(target, ...allowed), message });

/** The browser app sees the machine through its one public face, machines/index.ts. */
const MACHINE_INSIDES = {
  regex: '(^|/)machines/(?!index(\\.ts)?$)',
  message: 'src/ imports the machine through machines/index.ts only: its one public face.',
};

/**
 * The development stand-ins (docs/architecture.md, "Development stand-ins"): the sample mailboxes and
 * development store, the simulated vendor, the development OpenID provider and its scenario accounts,
 * the offline mailbox checks and the /dev pages. Only the wiring builds them: server/wiring.ts, and
 * server/identity/assemble.ts, which starts the development provider (by a dynamic import, so the
 * compiled service keeps it out of what production loads).
 */
/** The development stand-ins live in one room, which only the wiring opens. */
const DEVELOPMENT_STAND_INS = ['server/development/**'];
const DEVELOPMENT_IMPORTS = {
  regex: '(^|/)development/',
  message:
    'Only the wiring (server/wiring.ts, server/identity/assemble.ts) builds the development stand-ins: take what you need through a port.',
};
/** Only these packages (and relative imports inside the layer) may be imported. */
const onlyPackages = (packages, message) => ({
  patterns: [{ regex: `^(?!\\.)(?!(${packages.join('|')})(/|$))`, message }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**', 'test/lint/fixtures/**'] },
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
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle cannot follow an import and stays silent.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Node's modules, then packages, then ours: a reader sees what a file leans on from outside first.
      'import-x/order': [
        'error',
        { groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']], 'newlines-between': 'ignore' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./contract', [], 'contract/ is the shared language: it imports nothing of ours.'),
            zone(
              './machines',
              ['./contract'],
              'machines/ may import only contract/ of our folders: supply effects with machine.provide().',
            ),
            zone('./server', ['./contract'], 'server/ shares only contract/ with the browser.'),
            zone('./src', ['./machines', './contract'], 'src/ builds on machines/ and contract/ only.'),
            zone('./scripts', ['./machines', './contract', './server', './test'], 'scripts/ never import the browser app.'),
            {
              target: ['./src/views', './src/shell', './src/ui'],
              from: './src/api',
              message: 'Views send events; the machine calls the API through its actors (src/app).',
            },
            {
              target: ['./src/views', './src/shell', './src/ui', './src/portal', './src/routing'],
              from: './src/app',
              message:
                'src/app/ is the composition root, which builds the portal and imports the views: views use the running portal through src/portal/.',
            },
            {
              target: ['./src/views', './src/shell', './src/ui'],
              from: './src/routing',
              message: "Where to go is the machine's decision: send an event (or use IntentLink).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', onlyPackages(['valibot'], 'contract/ imports valibot only.')] },
  },
  {
    // The one exception: the words' messages are compiled by Lingui's compiler (decision 0033), in the build and in Node, never in the browser.
    files: ['contract/words/compile.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        onlyPackages(['valibot', '@lingui/message-utils'], 'contract/ imports valibot only; its words/compile.ts also Lingui.'),
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        onlyPackages(
          ['xstate', 'valibot'],
          'machines/ imports xstate and valibot only: no React, DOM or HTTP; effects come with machine.provide().',
        ),
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '@emotion/*', 'ky'], message: 'server/ renders no React and calls no browser client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [...DEVELOPMENT_STAND_INS, 'server/wiring.ts', 'server/identity/assemble.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '@emotion/*', 'ky'], message: 'server/ renders no React and calls no browser client.' },
            DEVELOPMENT_IMPORTS,
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MACHINE_INSIDES] }] },
  },
  {
    files: ['src/views/**/*.{ts,tsx}', 'src/shell/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'ky', message: 'Views send events; the machine calls the API through its actors.' }],
          patterns: [MACHINE_INSIDES],
        },
      ],
    },
  },
);
