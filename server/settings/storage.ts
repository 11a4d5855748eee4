/** Where the service keeps things: the database, the built portal, export files, mail written to files, development mail. */
import path from 'node:path';
import { integer, optionalChecked, optionalText, readSection, secret, shown, text, type Env } from './setting.ts';

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\/\S+$/i.test(url);

export const STORAGE_SETTINGS = {
  DATA_DIR: shown('./data', text('data')),
  // The value may hold a password: its error names the variable, not the value.
  DATABASE_URL: shown('–', secret(optionalChecked(isPostgresUrl, 'a postgres:// or postgresql:// URL'))),
  DATABASE_PATH: shown('$DATA_DIR/portal.sqlite', optionalText()),
  DATABASE_POOL_SIZE: integer(10, 1, 1000),
  DIST_DIR: shown('./dist', text('dist')),
  FILES_DIR: shown('$DATA_DIR/files', optionalText()),
  OUTBOX_DIR: shown('$DATA_DIR/outbox', optionalText()),
  DEV_MAIL_DIR: shown('$DATA_DIR/dev-mail', optionalText()),
  DEV_MAIL_DELIVERY_MS: integer(20, 0, 10_000),
};

export function readStorage(env: Env, cwd: string) {
  const settings = readSection(STORAGE_SETTINGS, env);
  const dataDir = path.resolve(cwd, settings.DATA_DIR);
  const under = (value: string | undefined, name: string) => path.resolve(cwd, value ?? path.join(dataDir, name));
  return {
    dataDir,
    /** Postgres when `url` is set, else the SQLite file at `sqlitePath`. */
    database: {
      url: settings.DATABASE_URL ?? null,
      sqlitePath: under(settings.DATABASE_PATH, 'portal.sqlite'),
      poolSize: settings.DATABASE_POOL_SIZE,
    },
    distDir: path.resolve(cwd, settings.DIST_DIR),
    filesDir: under(settings.FILES_DIR, 'files'),
    outboxDir: under(settings.OUTBOX_DIR, 'outbox'),
    /** Development mail: the scenario accounts' sample mailboxes and the mailboxes development exports land in. */
    devMailDir: under(settings.DEV_MAIL_DIR, 'dev-mail'),
    /** Development: how long the development store takes per message or contact, so an export can be watched. */
    devMailDeliveryMs: settings.DEV_MAIL_DELIVERY_MS,
  };
}
