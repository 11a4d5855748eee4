/**
 * A contacts transfer in a process of its own, so a test can SIGKILL it at any moment (see
 * child-run.ts). argv[2]: the JSON of ContactsChildConfig.
 */
import { createCardDavDestination, createCardDavSource, runContactsTransfer, systemClock } from '../../../server/engine/index.ts';
import { fileBackedStore } from './child-run.ts';

export type ContactsChildConfig = {
  transferId: string;
  stateFile: string;
  source: { url: string; account: string; service: { user: string; password: string } };
  destination: { url: string; user: string; password: string };
  batchContacts: number;
};

const config = JSON.parse(process.argv[2] ?? '{}') as ContactsChildConfig;
const store = fileBackedStore(config.stateFile);
const result = await runContactsTransfer({
  transferId: config.transferId,
  source: createCardDavSource({ endpoint: { url: config.source.url }, account: config.source.account, service: config.source.service }),
  destination: createCardDavDestination(
    { endpoint: { url: config.destination.url }, user: config.destination.user, auth: 'password' },
    config.destination.password,
  ),
  store,
  clock: systemClock,
  limits: { batchContacts: config.batchContacts },
});
process.stdout.write(JSON.stringify(result.status));
process.exit(result.status.state === 'completed' ? 0 : 1);
