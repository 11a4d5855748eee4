/**
 * A contacts transfer in a process of its own, so a test can SIGKILL it at any moment. Its state lives
 * in a JSON file rewritten atomically (temp file + rename) after every store change, like a database
 * commit. argv[2]: the JSON of ContactsChildConfig.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createCardDavDestination, createCardDavSource, createMemoryStateStore, runContactsTransfer, systemClock, type MemoryStoreState } from '../../../server/engine/index.ts';

export type ContactsChildConfig = {
  transferId: string;
  stateFile: string;
  source: { url: string; account: string; service: { user: string; password: string } };
  destination: { url: string; user: string; password: string };
  batchContacts: number;
};

const config = JSON.parse(process.argv[2] ?? '{}') as ContactsChildConfig;
const initial = existsSync(config.stateFile) ? (JSON.parse(readFileSync(config.stateFile, 'utf8')) as MemoryStoreState) : {};
const store = createMemoryStateStore(initial, (state) => {
  writeFileSync(`${config.stateFile}.tmp`, JSON.stringify(state));
  renameSync(`${config.stateFile}.tmp`, config.stateFile);
});
const result = await runContactsTransfer({
  transferId: config.transferId,
  source: createCardDavSource({ endpoint: { url: config.source.url }, account: config.source.account, service: config.source.service }),
  destination: createCardDavDestination({ endpoint: { url: config.destination.url }, user: config.destination.user, auth: 'password' }, config.destination.password),
  store,
  clock: systemClock,
  limits: { batchContacts: config.batchContacts },
});
process.stdout.write(JSON.stringify(result.status));
process.exit(result.status.state === 'completed' ? 0 : 1);
