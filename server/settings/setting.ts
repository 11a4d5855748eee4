/**
 * A setting is one environment variable read by a valibot schema: what it accepts, its default, and
 * the words its error uses ("an integer from 1 to 100"), so a wrong value names itself —
 * `Configuration: PORT="http" is not an integer from 0 to 65535.` A section (the other files of this
 * folder) is an object of settings keyed by their variables, read at once by `readSection`, with the
 * rules that join several variables written beside it. docs/configuration.md is checked against every
 * section (test/server/config-docs.test.ts): each variable listed, with the default the schema has.
 */
import * as v from 'valibot';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/** A variable's value as a schema sees it: trimmed, and absent when blank. */
export type Setting<T = unknown> = v.GenericSchema<string | undefined, T>;
export type Settings = Record<string, Setting>;

/** What the documentation shows for a default that is not a literal; whether the value may be printed. */
export type SettingNote = { shown?: string; secret?: true };

export const malformed = (name: string, value: string, expected: string) =>
  new ConfigError(`Configuration: ${name}=${JSON.stringify(value)} is not ${expected}.`);

const wholeNumber = (min: number, max: number) => {
  const expected = `an integer from ${min} to ${max}`;
  return v.pipe(
    v.string(),
    v.transform(Number),
    v.number(expected),
    v.integer(expected),
    v.minValue(min, expected),
    v.maxValue(max, expected),
  );
};

/** A whole number in a range; `fallback` when unset. */
export const integer = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) => v.optional(wholeNumber(min, max), String(fallback));

/** A whole number in a range, or undefined when unset (the default depends on another setting). */
export const optionalInteger = (min = 0, max = Number.MAX_SAFE_INTEGER) => v.optional(wholeNumber(min, max));

export const text = (fallback: string) => v.optional(v.string(), fallback);
export const optionalText = () => v.optional(v.string());

const spokenChoices = (options: readonly string[]) => {
  const quoted = options.map((option) => `'${option}'`);
  return quoted.length === 1 ? (quoted[0] as string) : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
};

/** One of a few words; `fallback` when unset. */
export const choice = <const T extends readonly [string, ...string[]]>(options: T, fallback: T[number], hint = '') =>
  v.optional(v.picklist(options, `${spokenChoices(options)}${hint}`), fallback);

/** One of a few words, or undefined when unset (the default depends on another setting). */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  v.optional(v.picklist(options, spokenChoices(options)));

const TRUE = ['1', 'true', 'yes'];
const FALSE = ['0', 'false', 'no'];

export const flag = (fallback: boolean) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.toLowerCase(),
    v.picklist([...TRUE, ...FALSE], 'true or false'),
    v.transform((value) => TRUE.includes(value)),
  );

/** A comma list, or undefined when unset (an object leaves an unset optional key out, so no pipe runs for it). */
export const list = () =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((raw) =>
        raw
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ),
  );

/** A value a check accepts; `fallback` when unset. */
export const checked = (fallback: string, accepts: (value: string) => boolean, expected: string) =>
  v.pipe(v.optional(v.string(), fallback), v.check(accepts, expected));

/** A value a check accepts, or undefined when unset. */
export const optionalChecked = (accepts: (value: string) => boolean, expected: string) =>
  v.optional(v.pipe(v.string(), v.check(accepts, expected)));

/** A value that is never printed, not even in its own error (a password, a URL that may hold one). */
export const secret = <T>(setting: Setting<T>) => v.pipe(setting, v.metadata({ secret: true } satisfies SettingNote));

/** A default the documentation shows in words ("$DATA_DIR/outbox", "the system's"): the schema has none. */
export const shown = <T>(words: string, setting: Setting<T>) => v.pipe(setting, v.metadata({ shown: words } satisfies SettingNote));

export const noteOf = (setting: Setting): SettingNote => v.getMetadata(setting) as SettingNote;

/** What a section's settings read as. */
export type Output<S extends Settings> = v.InferOutput<v.ObjectSchema<S, undefined>>;

/** The same settings under `<prefix>_<name>`: a destination's or a server's, named by its prefix. */
export const prefixed = <P extends string, S extends Settings>(prefix: P, settings: S) =>
  Object.fromEntries(Object.entries(settings).map(([name, setting]) => [`${prefix}_${name}`, setting])) as {
    [K in keyof S & string as `${P}_${K}`]: S[K];
  };

/** Reads `<prefix>_<name>` for each setting, answered by name. */
export function readPrefixed<S extends Settings>(prefix: string, settings: S, env: Env): Output<S> {
  const values = readSection(prefixed(prefix, settings), env) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(settings).map((name) => [name, values[`${prefix}_${name}`]])) as Output<S>;
}

/** Settings that go together: their values when all are set, null when none is; a part missing stops the start, naming it. */
export function together(names: readonly string[], env: Env, what: string): string[] | null {
  const values = names.map((name) => env[name]?.trim() ?? '');
  const missing = names.filter((_, index) => !values[index]);
  if (missing.length === names.length) return null;
  if (missing.length > 0)
    throw new ConfigError(`Configuration: ${what} needs ${names.join(', ')} together; ${missing.join(', ')} missing.`);
  return values;
}

/** Reads a section's variables from the environment; the first wrong value stops the start, named. */
export function readSection<S extends Settings>(settings: S, env: Env): Output<S> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(settings)) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  const result = v.safeParse(v.object(settings), values);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const name = String(issue.path?.[0]?.key ?? '');
  const setting = settings[name];
  if (setting === undefined || noteOf(setting).secret) throw new ConfigError(`Configuration: ${name} is not ${issue.message}.`);
  throw malformed(name, values[name] ?? '', issue.message);
}
