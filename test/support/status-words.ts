/**
 * The status page's phrases (machines/status-texts.ts, outcome-texts.ts) said as the page says them,
 * in English or Spanish, for tests that compare them with the spec's words or with the screen.
 */
import { sayPhrase, type Language } from '../../contract/index.ts';
import { statusWords } from '../../contract/words/en/status.ts';
import type { StatusPhrase } from '../../machines/index.ts';

export function inLanguage(language: Language) {
  const said = <T extends StatusPhrase | string | null>(text: T): T extends null ? string | null : string =>
    (text === null ? null : typeof text === 'string' ? text : sayPhrase(language, statusWords, text)) as T extends null
      ? string | null
      : string;
  /** A function that builds a phrase, made into one that says it. */
  const of =
    <A extends unknown[], R extends StatusPhrase | null>(build: (...args: A) => R) =>
    (...args: A) =>
      said(build(...args));
  return Object.assign(said, { of });
}

export const english = inLanguage('en');
