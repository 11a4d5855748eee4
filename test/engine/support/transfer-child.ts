/**
 * A mail transfer in a process of its own, so a test can SIGKILL it at any moment. Its state lives in a
 * JSON file rewritten atomically (temp file + rename) after every store change, like a database commit.
 * argv[2]: the JSON of ChildConfig.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createImapDestination, createImapSource, createMemoryStateStore, runMailTransfer, systemClock, type ImapEndpoint, type MemoryStoreState } from '../../../server/engine/index.ts';

export type ChildConfig = {
  transferId: string;
  stateFile: string;
  source: { endpoint: ImapEndpoint; mailbox: string; master: { user: string; password: string; separator: string } };
  destination: { endpoint: ImapEndpoint; user: string; password: string };
  limits: { batchMessages: number; parallelFolders: number };
};

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
const initial = existsSync(config.stateFile) ? (JSON.parse(readFileSync(config.stateFile, 'utf8')) as MemoryStoreState) : {};
const store = createMemoryStateStore(initial, (state) => {
  writeFileSync(`${config.stateFile}.tmp`, JSON.stringify(state));
  renameSync(`${config.stateFile}.tmp`, config.stateFile);
});
const result = await runMailTransfer({
  transferId: config.transferId,
  source: createImapSource(config.source),
  destination: createImapDestination({ endpoint: config.destination.endpoint, user: config.destination.user, auth: 'password' }, config.destination.password),
  store,
  clock: systemClock,
  limits: config.limits,
});
process.stdout.write(JSON.stringify(result.status));
process.exit(result.status.state === 'completed' ? 0 : 1);
