/**
 * How a master user reaches any customer's mailbox on the provider's own IMAP servers (the source, a
 * successor product): `<prefix>_MASTER_LOGIN` and `<prefix>_MASTER_SEPARATOR` (server/engine/imap/master-login.ts).
 */
import { choice, readPrefixed, text, type Env } from './setting.ts';

export const MASTER_LOGIN_SETTINGS = {
  MASTER_LOGIN: choice(['separator', 'authzid'], 'separator'),
  MASTER_SEPARATOR: text('*'),
};

/** Dovecot's `<address><separator><master>` login, or SASL PLAIN's authorization identity (Cyrus's admins). */
export function readMasterLogin(env: Env, prefix: string, user: string, password: string) {
  const settings = readPrefixed(prefix, MASTER_LOGIN_SETTINGS, env);
  return settings.MASTER_LOGIN === 'authzid'
    ? { user, password, method: 'authzid' as const }
    : { user, password, separator: settings.MASTER_SEPARATOR, method: 'separator' as const };
}

export type MasterLoginConfig = ReturnType<typeof readMasterLogin>;
