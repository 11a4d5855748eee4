/**
 * The catalogs (decision 0033): every English key has its words in every other language, no
 * translation is the English left in place (but names and words the languages share), every message
 * compiles, and the portal's formatter says them with their values.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TABLE, LANGUAGES, type Section } from '../../contract/index.ts';
import { compileCatalogCode } from '../../scripts/vite/compile-words.ts';
import { compileChecked } from '../../contract/words/compile.ts';
import { loadLanguage, say } from '../../contract/words/translate.ts';
import { shellWords } from '../../contract/words/en/shell.ts';
import { destinationScreenWords } from '../../contract/words/en/destination.ts';
import { isSpecText, SPEC_TEXTS } from './spec-texts.ts';

const EN_DIR = join(process.cwd(), 'contract/words/en');

/** Every English section, from the files (a section nobody imports is still checked). */
async function englishSections(): Promise<Section[]> {
  const modules = await Promise.all(readdirSync(EN_DIR).map((file) => import(join(EN_DIR, file)) as Promise<Record<string, unknown>>));
  return modules
    .flatMap((module) => Object.values(module))
    .filter((value): value is Section => typeof value === 'object' && value !== null && 'en' in value);
}

/** The names of a compiled message's placeholders, those inside plurals and selects included. */
function placeholders(tokens: unknown): string[] {
  if (!Array.isArray(tokens)) return [];
  return tokens.flatMap((token: unknown) => {
    if (!Array.isArray(token)) return [];
    const [name, , cases] = token as [string, string?, Record<string, unknown>?];
    return [name, ...Object.values(cases ?? {}).flatMap(placeholders)];
  });
}

/** Words a translation may keep as English has them: names, and words the languages share. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Gmail',
  'Outlook.com',
  'Yahoo',
  'Mail',
  'Next',
  'Plus',
  'AOL',
  'iCloud',
  'IMAP',
  'CSV',
  'PST',
  'MBOX',
  'EML',
  'VCF',
  'ZIP',
  'OK',
  'Error',
]);
const sharedOnly = (text: string) =>
  text
    .replace(/\{[^{}]*\}/g, ' ')
    .split(/[\s,:;()—–]+/)
    .map((word) => word.replace(/\.$/, ''))
    .filter(Boolean)
    .every((word) => SAME_IN_EVERY_LANGUAGE.has(word) || !/[A-Za-z]/.test(word));

describe('the catalogs', async () => {
  const sections = await englishSections();
  const others = LANGUAGES.filter((language) => LANGUAGE_TABLE[language].catalog !== null);

  it('finds the English sections, each under its own name', () => {
    const names = sections.map((s) => s.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(others)('%s has every English key, and nothing else', async (language) => {
    const catalog = (await LANGUAGE_TABLE[language].catalog!()).default as Record<string, Record<string, string>>;
    expect(Object.keys(catalog).sort()).toEqual(sections.map((s) => s.name).sort());
    for (const section of sections)
      expect(Object.keys(catalog[section.name] ?? {}).sort(), section.name).toEqual(Object.keys(section.en).sort());
  });

  it.each(others)('%s translates every text (names and shared words aside)', async (language) => {
    const catalog = (await LANGUAGE_TABLE[language].catalog!()).default as Record<string, Record<string, string>>;
    const untranslated = sections.flatMap((section) =>
      Object.entries(section.en)
        .filter(([key, english]) => catalog[section.name]?.[key] === english && !sharedOnly(english))
        .map(([key]) => `${section.name}.${key}`),
    );
    expect(untranslated).toEqual([]);
  });

  it.each(others)('%s keeps the placeholders of every English message', async (language) => {
    const catalog = (await LANGUAGE_TABLE[language].catalog!()).default as Record<string, Record<string, string>>;
    const names = (text: string) => [...new Set(placeholders(compileMessage(text)))].sort();
    const different = sections.flatMap((section) =>
      Object.entries(section.en)
        .filter(([key, english]) => JSON.stringify(names(english)) !== JSON.stringify(names(catalog[section.name]?.[key] ?? '')))
        .map(([key]) => `${section.name}.${key}`),
    );
    expect(different).toEqual([]);
  });

  it("keeps every text of the spec in English, word for word (a value where the spec writes '...')", () => {
    const english = sections.flatMap((section) => Object.values(section.en)).map((text) => text.replace(/\{[A-Za-z]\w*\}/g, 'value'));
    const missing = SPEC_TEXTS.filter(
      (spec) =>
        !english.some(
          (text) =>
            isSpecText(text) &&
            new RegExp(
              `^${spec
                .split('...')
                .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
                .join('.*')}$`,
            ).test(text),
        ),
    );
    expect(missing).toEqual([]);
  });

  it('says a message with its values, in English and in Spanish', async () => {
    await loadLanguage('es');
    expect(say('en', shellWords, 'homePage', { provider: 'Northwave' })).toBe('Northwave home page');
    expect(say('es', shellWords, 'homePage', { provider: 'Northwave' })).toBe('Página principal de Northwave');
  });

  it("chooses a plural's exact case, then the count's category, then other, in each language", async () => {
    await loadLanguage('es');
    const daysLeft = (language: 'en' | 'es', days: number) => say(language, destinationScreenWords, 'daysLeft', { days });
    expect([0, 1, 2, 14].map((days) => daysLeft('en', days))).toEqual([
      'You have less than a day to save your data',
      'You have 1 day to save your data',
      'You have 2 days to save your data',
      'You have 14 days to save your data',
    ]);
    expect([0, 1, 2].map((days) => daysLeft('es', days))).toEqual([
      'Le queda menos de un día para guardar sus datos',
      'Le queda 1 día para guardar sus datos',
      'Le quedan 2 días para guardar sus datos',
    ]);
  });

  it('refuses a message the formatter could not say: # and formats but plural and select', () => {
    expect(compileChecked('{n, plural, one {a day} other {{n} days}}')).toEqual([
      ['n', 'plural', { one: ['a day'], other: [['n'], ' days'] }],
    ]);
    expect(() => compileChecked('{n, plural, one {# day} other {# days}}')).toThrow(/not #/);
    expect(() => compileChecked('{n, number} messages')).toThrow(/only plural and select/);
    expect(() => compileChecked('{when, date, short}')).toThrow(/only plural and select/);
    expect(() => compileChecked('{n, plural, one {a day}')).toThrow();
  });

  it('compiles the catalog files at build time: each message literal becomes its compiled form', () => {
    const code = `const x = section('shell', { a: 'Hi {name}', b: 'Plain' });`;
    const literals = [
      { type: 'Literal', value: 'Hi {name}', start: code.indexOf("'Hi"), end: code.indexOf(', b') },
      { type: 'Literal', value: 'Plain', start: code.indexOf("'Plain"), end: code.indexOf(' }') },
    ];
    expect(compileCatalogCode(code, literals)).toBe(`const x = section('shell', { a: ["Hi ",["name"]], b: ["Plain"] });`);
  });
});
