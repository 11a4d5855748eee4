/**
 * The service's configuration: environment variables with defaults, read once at start. Each section
 * is a set of valibot settings in server/settings/ (and the identity's in server/identity/config.ts),
 * and docs/configuration.md is checked against them. Pure (takes the environment as an argument) so
 * tests can build any configuration; a malformed value stops the start with a message naming the
 * variable, and a production start without what production needs stops naming every missing variable.
 */
import { readIdentityConfig } from './identity/config.ts';
import { productionProblems } from './production-requirements.ts';
import { readDestinations } from './settings/destinations.ts';
import { readLifetimes } from './settings/lifetimes.ts';
import { readLimits } from './settings/limits.ts';
import { readMail } from './settings/mail.ts';
import { readOutbound } from './settings/outbound.ts';
import { readService, STANDINS_OPT_IN } from './settings/service.ts';
import { ConfigError, type Env } from './settings/setting.ts';
import { readSource } from './settings/source.ts';
import { readStorage } from './settings/storage.ts';
import { readTransfers } from './settings/transfers.ts';

export { ConfigError } from './settings/setting.ts';
export { STANDINS_OPT_IN } from './settings/service.ts';
export type { DestinationsConfig } from './settings/destinations.ts';

/** The process's role from `--role web|worker|all` on the command line, which wins over ROLE. */
export function roleArgument(argv: readonly string[]): Record<string, string> {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index < 0) return {};
  const arg = argv[index] as string;
  const value = arg.includes('=') ? arg.slice('--role='.length) : argv[index + 1];
  if (!value) throw new ConfigError("Configuration: --role needs a value: 'all', 'web' or 'worker'.");
  return { ROLE: value };
}

/** Every section, read and put together; the production check comes after (readConfig). */
function readSections(env: Env, cwd: string) {
  return {
    ...readService(env),
    ...readStorage(env, cwd),
    ...readLifetimes(env),
    ...readMail(env),
    ...readSource(env, cwd),
    transfers: readTransfers(env, cwd),
    destinations: readDestinations(env),
    ...readLimits(env),
    ...readOutbound(env),
    /** The sign-in (required in production) and the destinations' OAuth clients. */
    identity: readIdentityConfig(env),
  };
}

export type Config = ReturnType<typeof readSections>;
export type DatabaseConfig = Config['database'];
export type LimitsConfig = Config['limits'];
export type RateLimit = Config['rateLimits']['status'];
export type SourceImapConfig = NonNullable<Config['sourceImap']>;
export type SourceCardDavConfig = NonNullable<Config['sourceCardDav']>;

/** The portal's address for a person to type (notification mail): the public URL, or this machine's in development. */
export const portalAddress = (config: Pick<Config, 'publicUrl' | 'port'>): string => config.publicUrl || `http://localhost:${config.port}`;

export function readConfig(env: Env, cwd = process.cwd()): Config {
  const config = readSections(env, cwd);
  const problems = config.development ? [] : productionProblems(config);
  if (problems.length > 0) {
    throw new ConfigError(
      [
        'Refusing to start with NODE_ENV=production: production needs real parts, not development stand-ins.',
        ...problems.map((problem) => `  - ${problem}`),
        `(To try the development stand-ins under NODE_ENV=production anyway, set ${STANDINS_OPT_IN}=true: anyone can then sign in as anyone.)`,
      ].join('\n'),
    );
  }
  return config;
}
