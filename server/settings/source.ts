/**
 * The provider's servers the transfers read from: its IMAP server, reached as each customer through
 * its master user (server/engine/imap/source.ts), and its CardDAV server, read through the migration
 * service's account (server/engine/contacts/carddav/source.ts). Each all set, or none (development
 * then reads the sample mailboxes and address books).
 */
import path from 'node:path';
import { isSafeBaseUrl } from '../engine/http/base-url.ts';
import { MASTER_LOGIN_SETTINGS, readMasterLogin } from './master-login.ts';
import {
  checked,
  choice,
  optionalChecked,
  optionalInteger,
  optionalText,
  prefixed,
  readSection,
  secret,
  shown,
  together,
  type Env,
  type Output,
} from './setting.ts';

export const SOURCE_SETTINGS = {
  SOURCE_IMAP_HOST: shown('–', optionalText()),
  SOURCE_IMAP_MASTER_USER: shown('–', optionalText()),
  SOURCE_IMAP_MASTER_PASSWORD: shown('–', secret(optionalText())),
  SOURCE_IMAP_TLS: choice(['implicit', 'starttls'], 'implicit'),
  SOURCE_IMAP_PORT: shown('993', optionalInteger(1, 65535)),
  SOURCE_IMAP_CA_FILE: shown('–', optionalText()),
  ...prefixed('SOURCE_IMAP', MASTER_LOGIN_SETTINGS),
  SOURCE_CARDDAV_URL: shown(
    '–',
    optionalChecked(isSafeBaseUrl, 'an https URL without credentials (plain http only for a loopback server)'),
  ),
  SOURCE_CARDDAV_USER: shown('–', optionalText()),
  SOURCE_CARDDAV_PASSWORD: shown('–', secret(optionalText())),
  SOURCE_CARDDAV_PRINCIPAL_PATH: checked('{user}/', (value) => value.includes('{user}'), 'a path containing {user}'),
};

const IMAP_TOGETHER = ['SOURCE_IMAP_HOST', 'SOURCE_IMAP_MASTER_USER', 'SOURCE_IMAP_MASTER_PASSWORD'];
const CARDDAV_TOGETHER = ['SOURCE_CARDDAV_URL', 'SOURCE_CARDDAV_USER', 'SOURCE_CARDDAV_PASSWORD'];

type Values = Output<typeof SOURCE_SETTINGS>;

function sourceImap(env: Env, cwd: string, settings: Values) {
  const [host = '', user = '', password = ''] = together(IMAP_TOGETHER, env, 'the source mail server') ?? [];
  if (!host) return null;
  const tls = settings.SOURCE_IMAP_TLS;
  return {
    host,
    port: settings.SOURCE_IMAP_PORT ?? (tls === 'implicit' ? 993 : 143),
    tls,
    /** A PEM file of a private CA the server's certificate chains to; null = the system's CAs. */
    caFile: settings.SOURCE_IMAP_CA_FILE === undefined ? null : path.resolve(cwd, settings.SOURCE_IMAP_CA_FILE),
    master: readMasterLogin(env, 'SOURCE_IMAP', user, password),
  };
}

function sourceCardDav(env: Env, settings: Values) {
  const [url = '', user = '', password = ''] = together(CARDDAV_TOGETHER, env, 'the source address-book server') ?? [];
  if (!url) return null;
  return {
    /** The server's base URL: https, or plain http for a server on loopback. */
    url,
    service: { user, password },
    /** Where a customer's principal is below the URL, `{user}` standing for their address. */
    principalPath: settings.SOURCE_CARDDAV_PRINCIPAL_PATH,
  };
}

export function readSource(env: Env, cwd: string) {
  const settings = readSection(SOURCE_SETTINGS, env);
  return {
    /** null: no mail server configured (development reads the sample mailboxes under devMailDir). */
    sourceImap: sourceImap(env, cwd, settings),
    /** null: no address-book server configured (development reads the sample address books under devMailDir). */
    sourceCardDav: sourceCardDav(env, settings),
  };
}
