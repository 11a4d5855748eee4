/**
 * docs/configuration.md against the settings the service reads (server/settings/): every variable
 * documented, nothing documented that is not read, and each default as the schema has it.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SETTING_SECTIONS } from '../../server/settings/index.ts';
import { noteOf, type Setting } from '../../server/settings/setting.ts';

const settings = new Map<string, Setting>(Object.values(SETTING_SECTIONS).flatMap((section) => Object.entries(section)));

/** The default the documentation should show: the words the setting gives, else the schema's own, else none. */
const documentedDefault = (setting: Setting): string => noteOf(setting).shown ?? String(v.getDefault(setting) ?? '–');

type Row = { names: string[]; defaults: string[] };

/** The Variables table: each row's variables (build-time VITE_* ones are the client's), and its defaults in the same order. */
export function variableRows(markdown: string): Row[] {
  const table = markdown.split('## Variables')[1]?.split('\n\n')[1] ?? '';
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split(' | '))
    .map(([names = '', defaults = '']) => ({
      names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] as string),
      // A part is a `literal` (words after it explain it), or words up to an explanation in brackets.
      defaults: defaults
        .split(/,\s(?![^(]*\))/)
        .map((part) => part.trim())
        .map((part) => (part.startsWith('`') ? (part.split('`')[1] ?? '') : (part.split(' (')[0] ?? '').trim())),
    }))
    .filter((row) => row.names.length > 0 && !row.names.every((name) => name.startsWith('VITE_')));
}

describe('docs/configuration.md', () => {
  const rows = variableRows(readFileSync('docs/configuration.md', 'utf8'));
  const documented = rows.flatMap((row) => row.names);

  it('lists every variable the service reads, once', () => {
    const missing = [...settings.keys()].filter((name) => !documented.includes(name));
    expect(missing).toEqual([]);
    expect(documented.filter((name, index) => documented.indexOf(name) !== index)).toEqual([]);
  });

  it('lists no variable the service does not read', () => {
    expect(documented.filter((name) => !settings.has(name))).toEqual([]);
  });

  it("gives each variable the default its setting has (one default for a row's variables, or one each)", () => {
    const wrong = rows.flatMap((row) =>
      row.names.flatMap((name, index) => {
        const setting = settings.get(name);
        const written = row.defaults.length === 1 ? row.defaults[0] : row.defaults[index];
        return setting && written !== documentedDefault(setting)
          ? [`${name}: docs say ${written}, the setting ${documentedDefault(setting)}`]
          : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('can fail: a table without a variable, or with a wrong default, is caught', () => {
    const row = '| `PORT` | `8081` | port |';
    const [parsed] = variableRows(`## Variables\n\n| variable | default | what |\n|---|---|---|\n${row}\n\nrest`);
    expect(parsed).toEqual({ names: ['PORT'], defaults: ['8081'] });
    expect(documentedDefault(settings.get('PORT') as Setting)).toBe('8080');
  });
});
