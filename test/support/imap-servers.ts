/**
 * The three IMAP servers a migration meets, behind one shape, so a test can run the same checks on
 * each: Dovecot (test/support/dovecot.ts: '/' separator, no namespace prefix, a master user), Cyrus
 * (test/support/cyrus.ts: Debian's `INBOX.` namespace, '.' separator, an admin that logs in as a user
 * through SASL PLAIN authzid) and Courier (test/support/courier.ts: Maildir++, `INBOX.`, '.', no
 * master user at all). Each runs throwaway on a free loopback port with implicit TLS.
 * How a migration service reads a customer's mailbox differs per server, and `sourceAuth` is that:
 * Dovecot `<email>*<master>` with the master's password; Cyrus the admin with authzid = the email;
 * Courier the customer's own login.
 */
import type { MasterLogin } from '../../server/engine/imap/master-login.ts';
import { startCourier } from './courier.ts';
import { startCyrus } from './cyrus.ts';
import { startDovecot } from './dovecot.ts';

export type ImapServerKind = 'dovecot' | 'cyrus' | 'courier';

export const IMAP_SERVER_KINDS: readonly ImapServerKind[] = ['dovecot', 'cyrus', 'courier'];

export type ImapUser = { email: string; password: string };

/** An imapflow `auth`. */
export type ImapAuth = { user: string; pass: string; authzid?: string; loginMethod?: 'AUTH=PLAIN' };

export type ImapTestServer = {
  kind: ImapServerKind;
  host: '127.0.0.1';
  /** Implicit TLS. */
  port: number;
  /** PEM to trust. */
  certificate: string;
  separator: string;
  /** Of the personal namespace: '' or 'INBOX.'. */
  namespacePrefix: string;
  users: ImapUser[];
  /** imapflow `auth` that reads this user's mailbox as a migration service would: Dovecot `email*master`, Cyrus admin + authzid, Courier the user's own login. */
  sourceAuth(email: string): ImapAuth;
  /** imapflow `auth` for the user's own login (as a destination). */
  userAuth(email: string): ImapAuth;
  /** The same source login as the engine's source takes it (`createImapSource`'s `master`). */
  engineLogin(email: string): MasterLogin;
  stop(): Promise<void>;
};

function passwordOf(users: ImapUser[], email: string): string {
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email} on this test server`);
  return user.password;
}

export async function startImapServer(kind: ImapServerKind, users: ImapUser[]): Promise<ImapTestServer> {
  switch (kind) {
    case 'dovecot': {
      // LAYOUT=fs: a folder name may hold a dot, as Cyrus's and Courier's may not (their separator is the dot).
      const dovecot = await startDovecot({ users, layout: 'fs' });
      return {
        kind,
        host: dovecot.host,
        port: dovecot.port,
        certificate: dovecot.certificate,
        separator: dovecot.separator,
        namespacePrefix: '',
        users,
        sourceAuth: (email) => {
          passwordOf(users, email);
          return { user: `${email}${dovecot.master.separator}${dovecot.master.user}`, pass: dovecot.master.password };
        },
        userAuth: (email) => ({ user: email, pass: passwordOf(users, email) }),
        engineLogin: () => dovecot.master,
        stop: () => dovecot.stop(),
      };
    }
    case 'cyrus': {
      const cyrus = await startCyrus({ users });
      return {
        kind,
        host: cyrus.host,
        port: cyrus.port,
        certificate: cyrus.certificate,
        separator: cyrus.separator,
        namespacePrefix: cyrus.namespacePrefix,
        users,
        sourceAuth: (email) => cyrus.adminAuth(email),
        userAuth: (email) => ({ user: email, pass: passwordOf(users, email) }),
        engineLogin: (email) => {
          const admin = cyrus.adminAuth(email);
          return { method: 'authzid', user: admin.user, password: admin.pass };
        },
        stop: () => cyrus.stop(),
      };
    }
    case 'courier': {
      const courier = await startCourier({ users });
      return {
        kind,
        host: courier.host,
        port: courier.port,
        certificate: courier.certificate,
        separator: courier.separator,
        namespacePrefix: courier.namespacePrefix,
        users,
        sourceAuth: (email) => courier.userAuth(email),
        userAuth: (email) => courier.userAuth(email),
        engineLogin: (email) => ({ method: 'own', password: courier.userAuth(email).pass }),
        stop: () => courier.stop(),
      };
    }
  }
}
