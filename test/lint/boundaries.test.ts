/**
 * The layers of docs/architecture.md are held by lint: each wrong-way import below must fail
 * eslint.config.js, and the right-way ones must pass. Files are linted as if they stood where
 * `filePath` says, so nothing wrong is ever committed to the layers themselves.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Linting resolves every import with the TypeScript resolver: slow on a busy machine.
const TIMEOUT = 120_000;
const eslint = new ESLint({ ignore: false });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const WRONG_WAY: Array<[string, string, string, string]> = [
  [
    'the browser app sees the machine through machines/index.ts only',
    'src/views/wrong.ts',
    "import { selectScreen } from '../../machines/selectors.ts';\nexport const x = selectScreen;",
    'no-restricted-imports',
  ],
  [
    'views use the running portal through src/portal/, never the composition root',
    'src/views/wrong.ts',
    "import { portalActions } from '../app/actors';\nexport const x = portalActions;",
    'import-x/no-restricted-paths',
  ],
  [
    'contract imports nothing of ours',
    'contract/wrong.ts',
    "import { MESSAGES } from '../machines/errors.ts';\nexport const x = MESSAGES;",
    'import-x/no-restricted-paths',
  ],
  [
    'contract imports valibot only',
    'contract/wrong.ts',
    "import { setup } from 'xstate';\nexport const x = setup;",
    'no-restricted-imports',
  ],
  [
    'machines never import the browser app',
    'machines/wrong.ts',
    "import { joinUrl } from '../src/api/url.ts';\nexport const x = joinUrl;",
    'import-x/no-restricted-paths',
  ],
  [
    'machines never import the server',
    'machines/wrong.ts',
    "import { readConfig } from '../server/config.ts';\nexport const x = readConfig;",
    'import-x/no-restricted-paths',
  ],
  ['machines make no HTTP calls', 'machines/wrong.ts', "import ky from 'ky';\nexport const x = ky;", 'no-restricted-imports'],
  [
    'machines render nothing',
    'machines/wrong.ts',
    "import { useState } from 'react';\nexport const x = useState;",
    'no-restricted-imports',
  ],
  [
    'the server never imports the browser app',
    'server/wrong.ts',
    "import { createApiClients } from '../src/api/index.ts';\nexport const x = createApiClients;",
    'import-x/no-restricted-paths',
  ],
  [
    'the server never imports the machine',
    'server/wrong.ts',
    "import { MESSAGES } from '../machines/errors.ts';\nexport const x = MESSAGES;",
    'import-x/no-restricted-paths',
  ],
  [
    'views never reach the HTTP clients',
    'src/views/wrong/wrong.tsx',
    "import { createApiClients } from '../../api/index.ts';\nexport const x = createApiClients;",
    'import-x/no-restricted-paths',
  ],
  ['views never call ky', 'src/views/wrong/wrong.tsx', "import ky from 'ky';\nexport const x = ky;", 'no-restricted-imports'],
  [
    'views never navigate by themselves',
    'src/views/wrong/wrong.tsx',
    "import { navigate } from '../../routing/address-bar.ts';\nexport const x = navigate;",
    'import-x/no-restricted-paths',
  ],
  [
    'the shell never navigates by itself',
    'src/shell/wrong.tsx',
    "import { navigate } from '../routing/address-bar.ts';\nexport const x = navigate;",
    'import-x/no-restricted-paths',
  ],
  [
    'the app never imports the server',
    'src/app/wrong.ts',
    "import { readConfig } from '../../server/config.ts';\nexport const x = readConfig;",
    'import-x/no-restricted-paths',
  ],
  [
    'a route never builds the development mail store',
    'server/routes/wrong.ts',
    "import { createDevMail } from '../development/mail/index.ts';\nexport const x = createDevMail;",
    'no-restricted-imports',
  ],
  [
    'the transfers never reach the simulated vendor',
    'server/transfers/wrong.ts',
    "import { createSimulatedVendor } from '../development/vendor/simulated-vendor.ts';\nexport const x = createSimulatedVendor;",
    'no-restricted-imports',
  ],
  [
    'identity never imports the scenario accounts outside its wiring',
    'server/identity/wrong.ts',
    "import { scenarioDirectory } from '../development/scenarios.ts';\nexport const x = scenarioDirectory;",
    'no-restricted-imports',
  ],
  [
    'the service never takes an offline mailbox check outside the wiring',
    'server/app-wrong.ts',
    "import { createDevCredentialChecker } from './development/checks/credential-checker.ts';\nexport const x = createDevCredentialChecker;",
    'no-restricted-imports',
  ],
  [
    'scripts never import the browser app',
    'scripts/wrong.ts',
    "import { brand } from '../src/config/brand.ts';\nexport const x = brand;",
    'import-x/no-restricted-paths',
  ],
];

const RIGHT_WAY: Array<[string, string, string]> = [
  [
    'machines import contract/',
    'machines/right.ts',
    "import { SOURCE_PROVIDER } from '../contract/index.ts';\nexport const x = SOURCE_PROVIDER;",
  ],
  [
    'the server imports contract/',
    'server/right.ts',
    "import { SOURCE_PROVIDER } from '../contract/index.ts';\nexport const x = SOURCE_PROVIDER;",
  ],
  [
    'views import the machine through its index',
    'src/views/right/right.tsx',
    "import { MESSAGES } from '../../../machines/index.ts';\nexport const x = MESSAGES;",
  ],
  [
    'the wiring builds the development stand-ins',
    'server/wiring.ts',
    "import { createDevMail } from './development/mail/index.ts';\nimport { scenarioDirectory } from './development/scenarios.ts';\nexport const x = [createDevMail, scenarioDirectory];",
  ],
  [
    'a development stand-in uses another',
    'server/development/mail/right.ts',
    "import { scenarioDirectory } from '../scenarios.ts';\nexport const x = scenarioDirectory;",
  ],
  [
    'views use the running portal through src/portal/',
    'src/views/right/right.tsx',
    "import { usePortalSend } from '../../portal/portal-context.tsx';\nexport const x = usePortalSend;",
  ],
  [
    'the app wires the clients',
    'src/app/right.ts',
    "import { createApiClients } from '../api/index.ts';\nexport const x = createApiClients;",
  ],
];

describe('import directions', () => {
  it.each(WRONG_WAY)(
    '%s: fails',
    async (_name, filePath, code, rule) => {
      expect(await ruleIds(filePath, code)).toContain(rule);
    },
    TIMEOUT,
  );

  it.each(RIGHT_WAY)(
    '%s: passes',
    async (_name, filePath, code) => {
      expect(await ruleIds(filePath, code)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'an import cycle fails',
    async () => {
      const [result] = await eslint.lintFiles(['test/lint/fixtures/cycle-a.ts']);
      expect((result?.messages ?? []).map((message) => message.ruleId)).toContain('import-x/no-cycle');
    },
    TIMEOUT,
  );
});
