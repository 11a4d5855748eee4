/**
 * A mail transfer in a process of its own, so a test can SIGKILL it at any moment (see child-run.ts).
 * argv[2]: the JSON of ChildConfig.
 */
import { createImapDestination, createImapSource, runMailTransfer, systemClock, type ImapEndpoint } from '../../../server/engine/index.ts';
import { fileBackedStore } from './child-run.ts';

export type ChildConfig = {
  transferId: string;
  stateFile: string;
  source: { endpoint: ImapEndpoint; mailbox: string; master: { user: string; password: string; separator: string } };
  destination: { endpoint: ImapEndpoint; user: string; password: string };
  limits: { batchMessages: number; parallelFolders: number };
};

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
const store = fileBackedStore(config.stateFile);
const result = await runMailTransfer({
  transferId: config.transferId,
  source: createImapSource(config.source),
  destination: createImapDestination(
    { endpoint: config.destination.endpoint, user: config.destination.user, auth: 'password' },
    config.destination.password,
  ),
  store,
  clock: systemClock,
  limits: config.limits,
});
process.stdout.write(JSON.stringify(result.status));
process.exit(result.status.state === 'completed' ? 0 : 1);
