/**
 * Says a section's message in a language (decision 0033). English is looked up in the section itself
 * (the words travel with their screen); other languages in their catalog, which must have been loaded
 * first (`loadLanguage`).
 *
 * Messages are ICU MessageFormat, compiled by Lingui's compiler (`@lingui/message-utils`, through
 * `compile.ts`): in the browser's build by scripts/vite/compile-words.ts, so the page holds them
 * already compiled and never parses one; in Node (the service, the tests) at first use, by the
 * compiler the process registers (`compileWith`). This file only formats the compiled form — a value,
 * a plural, a select — which is all the portal's messages use: a few hundred bytes of first load
 * where Lingui's runtime (`@lingui/core`) cost 2.4 kB gzip, for a look-up class, an event emitter
 * and Intl number and date formatters the portal never calls.
 */
import type { Translation } from './catalog.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, type Language } from './languages.ts';
import type { KeyOf, Said, Section, Values } from './section.ts';

/** Lingui's compiled form of a message: text, and `[name]`, `[name, 'plural' | 'select', cases]`. */
export type Compiled = readonly Token[];
type Token = string | readonly [name: string, type?: string, cases?: Readonly<Record<string, Compiled>>];

/**
 * A message as the code holds it. The catalogs are typed as the words are written (strings), but the
 * browser's build has made each one `Compiled`; a string met here in the browser was built at run
 * time (the destinations' section) and has no placeholder but plain `{name}`s.
 */
type Held = string | Compiled;

const catalogs = new Map<Language, Translation>();
let compiler: ((text: string) => Compiled) | undefined;
const compiled = new Map<string, Compiled>();

/** Node only: compile messages at first use (the browser's build has compiled them). */
export function compileWith(compile: (text: string) => Compiled): void {
  compiler = compile;
  compiled.clear();
}

export function addTranslation(language: Language, translation: Translation): void {
  catalogs.set(language, translation);
}

export const isLoaded = (language: Language): boolean => language === DEFAULT_LANGUAGE || catalogs.has(language);

const loading = new Map<Language, Promise<void>>();
/** Loads a language's catalog once (its own chunk in the browser); English needs none. */
export function loadLanguage(language: Language): Promise<void> {
  const catalog = LANGUAGE_TABLE[language].catalog;
  if (!catalog || isLoaded(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = catalog().then((module) => addTranslation(language, module.default));
    loading.set(language, pending);
  }
  return pending;
}

function compiledForm(message: Held): Compiled {
  if (typeof message !== 'string') return message;
  if (!compiler) return message.split(/(\{\w+\})/).map((part) => (/^\{\w+\}$/.test(part) ? [part.slice(1, -1)] : part));
  let done = compiled.get(message);
  if (!done) compiled.set(message, (done = compiler(message)));
  return done;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
/** The plural category of a count ("one", "other"); Intl.PluralRules is cheap, unlike Intl's formatters (decision 0033). */
function category(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/** A compiled message with its values: an exact case (`=0`) first, then the count's category, then `other` (as Lingui does). */
function format(message: Compiled, language: Language, values: Values): string {
  let text = '';
  for (const token of message) {
    if (typeof token === 'string') {
      text += token;
      continue;
    }
    const [name, type, cases] = token;
    const value = values[name];
    if (!type || !cases) text += value ?? '';
    else {
      const chosen = cases[String(value)] ?? (type === 'plural' ? cases[category(language, Number(value))] : undefined) ?? cases['other'];
      text += chosen ? format(chosen, language, values) : '';
    }
  }
  return text;
}

/** A section's message in a language, its values filled in; English where a catalog lacks it. */
export function say<S extends Section>(language: Language, section: S, key: KeyOf<S>, values: Values = {}): string {
  const words = catalogs.get(language)?.[section.name as keyof Translation] as Readonly<Record<string, Held>> | undefined;
  const message: Held = words?.[key] ?? section.en[key] ?? key;
  const said = format(compiledForm(message), language, values);
  // An empty value (a name not known) leaves no double space or space before a stop: "The user does not exist."
  return Object.values(values).includes('') ? said.replace(/ {2,}/g, ' ').replace(/ ([.,!?])/g, '$1') : said;
}

/** What the machine said, in a language. */
export const sayThat = <S extends Section>(language: Language, section: S, text: Said<S>): string =>
  say(language, section, text.key, text.values);

/** Every message of a section in a language, for code that needs them all (a table's headers). */
export const sayer =
  (language: Language) =>
  <S extends Section>(section: S) =>
  (key: KeyOf<S>, values?: Values): string =>
    say(language, section, key, values);
