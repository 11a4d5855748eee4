/**
 * A message larger than the engine's read and write pieces (read from the source in 1 MB pieces from
 * 4 MB up, written to the destination in 256 KB pieces: server/engine/imap/transport.ts) arrives
 * byte-identical, over implicit TLS and over STARTTLS, next to small messages in the same folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImapDestination,
  createImapSource,
  createMemoryStateStore,
  runMailTransfer,
  systemClock,
} from '../../server/engine/index.ts';
import { startDovecot, type Dovecot } from '../support/dovecot.ts';
import { expectedMailbox, readMailbox, seedMailbox } from './support/imap-mailbox.ts';
import { fixtureMailbox, type FixtureMessage } from './support/mail-fixture.ts';

let dovecot: Dovecot;
const customer = { email: 'carol@example.com', password: 'carol-source-pw' };
const overTls = { email: 'dan@example.net', password: 'dan-destination-pw' };
const overStarttls = { email: 'erin@example.net', password: 'erin-destination-pw' };

/** About 5 MB of 76-character lines, not a whole number of pieces, ending in a short line. */
function largeMessage(): FixtureMessage {
  const head =
    'From: Big Sender <big@example.net>\r\nSubject: The large one\r\nMessage-ID: <large@example.net>\r\nContent-Type: text/plain\r\n\r\n';
  const lines = Array.from({ length: 68_000 }, (_, i) =>
    `${String(i).padStart(8, '0')}${'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(2)}`.slice(0, 76),
  );
  const raw = Buffer.from(`${head}${lines.join('\r\n')}\r\nend\r\n`);
  return { folder: ['INBOX'], raw, flags: ['\\Seen'], internalDate: new Date('2019-03-04T05:06:07Z') };
}

const messages = [...fixtureMailbox(7, 12), largeMessage()];

beforeAll(async () => {
  dovecot = await startDovecot({ users: [customer, overTls, overStarttls] });
  await seedMailbox(dovecot, customer.email, customer.password, messages);
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

const source = () =>
  createImapSource({
    endpoint: { host: dovecot.host, port: dovecot.port, tls: 'implicit', ca: dovecot.certificate },
    mailbox: customer.email,
    master: dovecot.master,
  });

describe('a large message IMAP → IMAP', () => {
  it.each([
    ['implicit TLS', overTls, () => dovecot.port, 'implicit' as const],
    ['STARTTLS', overStarttls, () => dovecot.starttlsPort, 'starttls' as const],
  ])(
    'arrives byte-identical over %s',
    async (_, user, port, tls) => {
      expect(messages.at(-1)?.raw.length).toBeGreaterThan(5 * 1024 * 1024);
      const destination = createImapDestination(
        { endpoint: { host: dovecot.host, port: port(), tls, ca: dovecot.certificate }, user: user.email, auth: 'password' },
        user.password,
      );
      const result = await runMailTransfer({
        transferId: `large-${tls}`,
        source: source(),
        destination,
        store: createMemoryStateStore(),
        clock: systemClock,
      });
      expect(result.status).toEqual({ state: 'completed' });
      const actual = await readMailbox(dovecot, user.email, user.password);
      for (const [folder, list] of expectedMailbox(messages, dovecot.separator)) expect(actual.get(folder), folder).toEqual(list);
    },
    60_000,
  );
});
