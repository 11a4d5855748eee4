/**
 * How the engine logs in to a customer's mailbox with the provider's own credentials, so the
 * customer's password is never needed or asked for. How a server lets one login act as another
 * differs:
 * - `separator` — Dovecot's master user: `<customer address><separator><master user>` with the master
 *   password;
 * - `authzid` — SASL PLAIN's authorization identity: the admin (Cyrus's `admins`, or a user its
 *   `proxyservers` names) logs in with its own name and password, as the customer;
 * - `own` — Courier has neither (courier-authlib knows no master user or authorization identity),
 *   so it takes the customer's own login (the service never has it; tools and tests do).
 * The source is read this way, and the provider's successor product is written this way.
 */
import type { ImapLogin } from './connect.ts';

export type MasterLogin =
  | { method?: 'separator'; user: string; password: string; separator: string }
  | { method: 'authzid'; user: string; password: string }
  | { method: 'own'; password: string };

/** The login that opens `mailbox` with `master`. */
export function masterLoginTo(mailbox: string, master: MasterLogin): ImapLogin {
  if (master.method === 'authzid') return { user: master.user, password: master.password, authzid: mailbox };
  if (master.method === 'own') return { user: mailbox, password: master.password };
  return { user: `${mailbox}${master.separator}${master.user}`, password: master.password };
}
