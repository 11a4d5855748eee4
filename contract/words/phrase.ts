/**
 * A phrase: a message of a section whose values may be other messages of the same section, or a
 * moment or a day, all said in the reader's language when the phrase is (decision 0033). The status
 * page's selectors build phrases from the service's figures ("{n} of {items}", where `items` is
 * "5,000 messages" or "5.000 mensajes") without knowing the language; its views say them.
 */
import { calendarDate, dateAndTime, dayWords, weekdayAndTime } from '../time-words.ts';
import type { Language } from './languages.ts';
import type { KeyOf, Section } from './section.ts';
import { say } from './translate.ts';

/** A moment (milliseconds since the epoch) and how it is said: "Tuesday 2:00 PM", "Nov 24, 2026, 1:32 AM", "Nov 24, 2026". */
export type Moment = { readonly at: number; readonly form: 'weekdayAndTime' | 'dateAndTime' | 'calendarDate' };
/** A calendar day kept as YYYY-MM-DD ("Mar 1, 2026" wherever the reader is). */
export type Day = { readonly day: string };

export type PhraseValue<S extends Section> = string | number | Moment | Day | Phrase<S>;
export type Phrase<S extends Section> = { readonly key: KeyOf<S>; readonly values?: Readonly<Record<string, PhraseValue<S>>> };

export const phrase = <S extends Section>(key: KeyOf<S>, values?: Phrase<S>['values']): Phrase<S> => (values ? { key, values } : { key });
export const moment = (at: number, form: Moment['form']): Moment => ({ at, form });

const MOMENT_WORDS = { weekdayAndTime, dateAndTime, calendarDate } as const;

function valueSaid<S extends Section>(language: Language, section: S, value: PhraseValue<S>): string | number {
  if (typeof value !== 'object') return value;
  if ('at' in value) return MOMENT_WORDS[value.form](value.at, language);
  if ('day' in value) return dayWords(value.day, language) ?? value.day;
  return sayPhrase(language, section, value);
}

/** A phrase in a language: its values first (a nested phrase, a moment, a day), then the message. */
export function sayPhrase<S extends Section>(language: Language, section: S, said: Phrase<S>): string {
  const values = Object.fromEntries(Object.entries(said.values ?? {}).map(([name, value]) => [name, valueSaid(language, section, value)]));
  return say(language, section, said.key, values);
}
