/**
 * Plain words in Spanish (decision 0033): every Spanish text of eight words or more reads at 60 or
 * more on the Fernández-Huerta scale ("normal", grade 7–8: the promise the English texts keep with
 * Flesch–Kincaid grade 8). Eight, not English's five: Spanish words are longer (two syllables on
 * average), and in a text of a few words the formula reads syllables per word alone, so a plain
 * label ("Escriba una dirección de correo válida.") would fail on its nouns. A message is read as a
 * customer sees it: a value as one short word, a plural in its "other" form.
 */
import { describe, expect, it } from 'vitest';
import es from '../../contract/words/es.ts';
import { readingEaseEs, syllablesEs } from './readability-es.ts';
import { readMessage } from './read-message.ts';

const MIN_EASE = 60;
const MIN_WORDS = 8;

describe('the Spanish readability check', () => {
  it('counts syllables by the rules of Spanish', () => {
    const counted = Object.fromEntries(
      ['correo', 'exportación', 'buzón', 'día', 'leer', 'hoy', 'cuenta', 'país'].map((w) => [w, syllablesEs(w)]),
    );
    expect(counted).toEqual({ correo: 3, exportación: 4, buzón: 2, día: 2, leer: 2, hoy: 1, cuenta: 2, país: 2 });
  });

  it('reads a plain sentence as easy and a hard one as hard', () => {
    expect(readingEaseEs('Su correo está a salvo. Le avisaremos cuando termine.').ease).toBeGreaterThan(MIN_EASE);
    expect(
      readingEaseEs(
        'La autenticación requiere la configuración de credenciales específicas de aplicación, modificables exclusivamente desde las preferencias administrativas de seguridad de la cuenta de destino.',
      ).ease,
    ).toBeLessThan(MIN_EASE);
  });
});

describe('plain words in every Spanish text', () => {
  it(`reads at ${MIN_EASE} or more (Fernández-Huerta)`, () => {
    const hard = Object.entries(es).flatMap(([name, messages]) =>
      Object.entries(messages as Record<string, string>)
        .map(([key, message]) => ({ where: `${name}.${key}`, text: readMessage(message, 'nombre') }))
        .filter(({ text }) => text.split(/\s+/).filter(Boolean).length >= MIN_WORDS)
        .map((t) => ({ ...t, ease: readingEaseEs(t.text).ease }))
        .filter((t) => t.ease < MIN_EASE),
    );
    expect(hard).toEqual([]);
  });
});
