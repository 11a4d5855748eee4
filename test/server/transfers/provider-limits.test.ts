/**
 * The providers' message size and connection limits: configuration with the published defaults
 * (docs/transfer.md, "Provider settings"), stored in each transfer's plan, and what the engine's
 * destinations are built with.
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.ts';
import type { ExportJob } from '../../../server/ports.ts';
import { planFor, type PlanOptions } from '../../../server/transfers/plan.ts';

const MB = 1024 * 1024;

const job = (provider: ExportJob['destinationProvider'], address: string): ExportJob => ({
  exportId: 'E'.repeat(32),
  sourceEmail: 'active@example.com',
  destinationProvider: provider,
  destinationEmail: address,
  destinationImap: null,
  operations: ['emailmigration'],
  emailFormat: null,
  contactsFormat: null,
  createdAt: 0,
});

const options = (env: Record<string, string> = {}): PlanOptions => {
  const { destinations } = readConfig(env);
  return {
    developmentStore: () => false,
    gmailMailPath: destinations.gmailMailPath,
    imap: destinations.imap,
    providerImap: destinations.providerImap,
    limits: destinations,
  };
};

describe('provider limits', () => {
  it('default to the published ones', () => {
    const { destinations } = readConfig({});
    expect(destinations.gmailApiMaxMessageBytes).toBe(150 * MB);
    expect(destinations.imapLimits).toEqual({
      gmail: { maxMessageBytes: 35 * MB, maxConnections: 15 },
      outlook: { maxMessageBytes: 35 * MB, maxConnections: 4 },
      yahoo: { maxMessageBytes: 25 * MB, maxConnections: 4 },
      aol: { maxMessageBytes: 25 * MB, maxConnections: 4 },
      icloud: { maxMessageBytes: 20 * MB, maxConnections: 4 },
      successor_partner: { maxMessageBytes: 25 * MB, maxConnections: 4 },
    });
  });

  it('reach each provider path of the plan', () => {
    expect(planFor(job('gmail', 'casey@gmail.com'), options()).mail?.destination).toEqual({
      kind: 'gmail-api',
      user: 'casey@gmail.com',
      maxMessageBytes: 150 * MB,
    });
    expect(planFor(job('gmail', 'casey@gmail.com'), options({ GMAIL_MAIL_PATH: 'imap' })).mail?.destination).toMatchObject({
      kind: 'imap',
      endpoint: { host: 'imap.gmail.com', port: 993, tls: 'implicit' },
      auth: 'xoauth2',
      maxMessageBytes: 35 * MB,
      maxConnections: 15,
    });
    expect(planFor(job('outlook', 'casey@outlook.com'), options()).mail?.destination).toMatchObject({
      endpoint: { host: 'outlook.office365.com' },
      maxMessageBytes: 35 * MB,
      maxConnections: 4,
    });
    expect(planFor(job('yahoo', 'casey@yahoo.com'), options()).mail?.destination).toMatchObject({
      maxMessageBytes: 25 * MB,
      maxConnections: 4,
      finalCrlf: true,
    });
    expect(planFor(job('aol', 'casey@aol.com'), options()).mail?.destination).toMatchObject({
      maxMessageBytes: 25 * MB,
      maxConnections: 4,
      finalCrlf: true,
    });
    // iCloud Mail: its own server with the password, whatever address the job names.
    expect(planFor(job('icloud', 'casey@icloud.com'), options()).mail?.destination).toEqual({
      kind: 'imap',
      endpoint: { host: 'imap.mail.me.com', port: 993, tls: 'implicit' },
      user: 'casey@icloud.com',
      auth: 'password',
      maxMessageBytes: 20 * MB,
      maxConnections: 4,
    });
    // Other takes what its server announces (APPENDLIMIT), and four connections.
    const other = planFor(job('other', 'casey@example.net'), options()).mail?.destination;
    expect(other).not.toHaveProperty('maxMessageBytes');
    expect(other).not.toHaveProperty('maxConnections');
  });

  it('are read from the environment, and a malformed value names its variable', () => {
    const env = {
      GMAIL_API_MAX_MESSAGE_BYTES: '1000',
      GMAIL_IMAP_MAX_CONNECTIONS: '2',
      OUTLOOK_IMAP_MAX_MESSAGE_BYTES: '2048',
      AOL_IMAP_MAX_CONNECTIONS: '1',
    };
    expect(planFor(job('gmail', 'casey@gmail.com'), options(env)).mail?.destination).toMatchObject({ maxMessageBytes: 1000 });
    expect(planFor(job('gmail', 'casey@gmail.com'), options({ ...env, GMAIL_MAIL_PATH: 'imap' })).mail?.destination).toMatchObject({
      maxConnections: 2,
      maxMessageBytes: 35 * MB,
    });
    expect(planFor(job('outlook', 'casey@outlook.com'), options(env)).mail?.destination).toMatchObject({ maxMessageBytes: 2048 });
    expect(planFor(job('aol', 'casey@aol.com'), options(env)).mail?.destination).toMatchObject({ maxConnections: 1 });
    expect(() => readConfig({ YAHOO_IMAP_MAX_MESSAGE_BYTES: 'lots' })).toThrow(/YAHOO_IMAP_MAX_MESSAGE_BYTES/);
    expect(() => readConfig({ GMAIL_IMAP_MAX_CONNECTIONS: '0' })).toThrow(/GMAIL_IMAP_MAX_CONNECTIONS/);
  });

  describe("the provider's own successor product", () => {
    const SUCCESSOR = {
      SUCCESSOR_NEXT_IMAP: 'imaps://mail.next.example:1993',
      SUCCESSOR_NEXT_IMAP_MASTER_USER: 'migrator',
      SUCCESSOR_NEXT_IMAP_MASTER_PASSWORD: 'master-secret',
    };

    it('is written with the master login at the configured server, and the plan holds no password', () => {
      const plan = planFor(job('successor_next', 'casey@northwave.example'), options(SUCCESSOR));
      expect(plan.mail?.destination).toEqual({
        kind: 'imap',
        endpoint: { host: 'mail.next.example', port: 1993, tls: 'implicit' },
        user: 'casey@northwave.example',
        auth: 'master',
        maxMessageBytes: 50 * MB,
        maxConnections: 4,
      });
      expect(JSON.stringify(plan)).not.toContain('master-secret');
      expect(readConfig(SUCCESSOR).destinations.providerImap.successor_next?.master).toEqual({
        user: 'migrator',
        password: 'master-secret',
        separator: '*',
        method: 'separator',
      });
    });

    it('is configured whole or not at all, and its login method and domain are checked', () => {
      expect(readConfig({}).destinations.providerImap).toEqual({});
      expect(() => readConfig({ SUCCESSOR_NEXT_IMAP: 'mail.next.example' })).toThrow(/SUCCESSOR_NEXT_IMAP_MASTER_USER/);
      expect(() => readConfig({ ...SUCCESSOR, SUCCESSOR_NEXT_IMAP_MASTER_LOGIN: 'sudo' })).toThrow(/SUCCESSOR_NEXT_IMAP_MASTER_LOGIN/);
      expect(() => readConfig({ ...SUCCESSOR, SUCCESSOR_NEXT_ADDRESS_DOMAIN: 'not a domain' })).toThrow(/SUCCESSOR_NEXT_ADDRESS_DOMAIN/);
      expect(
        readConfig({ ...SUCCESSOR, SUCCESSOR_NEXT_IMAP_MASTER_LOGIN: 'authzid' }).destinations.providerImap.successor_next?.master,
      ).toEqual({ user: 'migrator', password: 'master-secret', method: 'authzid' });
    });
  });
});
