/**
 * Says a section's message in a language, with Lingui's runtime (decision 0033): one `I18n` per
 * language. English is looked up in the section itself (the words travel with their screen); other
 * languages in their catalog, which must have been added first (`loadLanguage`). In the browser's
 * build every message is already compiled (scripts/vite/compile-words.ts); Node compiles at first use
 * (`compileWith`, which the service calls; tests get Lingui's own compiler outside production).
 */
import { setupI18n, type I18n } from '@lingui/core';
import type { Translation } from './catalog.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, type Language } from './languages.ts';
import type { KeyOf, Said, Section, Values } from './section.ts';

const instances = new Map<Language, I18n>();
const added = new Set<Language>([DEFAULT_LANGUAGE]);
type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0];
let compiler: MessageCompiler | undefined;

function instance(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: {} } });
    if (compiler) i18n.setMessagesCompiler(compiler);
    instances.set(language, i18n);
  }
  return i18n;
}

/** Node only: compile messages at first use (the browser's build has compiled them). */
export function compileWith(compile: MessageCompiler): void {
  compiler = compile;
  for (const i18n of instances.values()) i18n.setMessagesCompiler(compile);
}

/** A catalog's messages by `section.key`, Lingui's ids. */
const ids = (translation: Translation): Record<string, string> =>
  Object.fromEntries(
    Object.entries(translation).flatMap(([name, messages]) =>
      Object.entries(messages as Record<string, string>).map(([key, text]) => [`${name}.${key}`, text]),
    ),
  );

export function addTranslation(language: Language, translation: Translation): void {
  instance(language).load(language, ids(translation));
  added.add(language);
}

export const isLoaded = (language: Language): boolean => added.has(language);

const loading = new Map<Language, Promise<void>>();
/** Loads a language's catalog once (its own chunk in the browser); English needs none. */
export function loadLanguage(language: Language): Promise<void> {
  const catalog = LANGUAGE_TABLE[language].catalog;
  if (!catalog || added.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = catalog().then((module) => addTranslation(language, module.default));
    loading.set(language, pending);
  }
  return pending;
}

/** A section's message in a language, its values filled in. */
export function say<S extends Section>(language: Language, section: S, key: KeyOf<S>, values?: Values): string {
  const english = language === DEFAULT_LANGUAGE ? section.en[key] : undefined;
  // A section built at run time (the destinations') was not compiled by the build: its English is said as written.
  if (typeof english === 'string' && !compiler && import.meta.env?.PROD) return english;
  const said = instance(language)._(`${section.name}.${key}`, values, { message: english });
  // An empty value (a name not known) leaves no double space or space before a stop: "The user does not exist."
  return values && Object.values(values).includes('') ? said.replace(/ {2,}/g, ' ').replace(/ ([.,!?])/g, '$1') : said;
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
