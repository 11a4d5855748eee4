/**
 * Times as the portal's texts say them: in the reader's time zone and language ("Tuesday 2:00 PM",
 * "Nov 24, 2026, 1:32 AM"; "martes 2:00 p. m.", "24 nov 2026, 1:32 a. m."). Written out rather than
 * through Intl: a page's first Intl formatter costs 15–40 ms of main thread in Chromium (ICU's data,
 * measured), a long task just as the status arrives (decisions 0018 and 0033).
 */
import { calendarWords } from './words/en/calendar.ts';
import type { Language } from './words/languages.ts';
import type { KeyOf } from './words/section.ts';
import { say } from './words/translate.ts';

/** "2:00 PM", "12:05 AM". */
function clock(date: Date, language: Language): string {
  const hours = date.getHours();
  const values = { hours: hours % 12 || 12, minutes: String(date.getMinutes()).padStart(2, '0') };
  return say(language, calendarWords, hours < 12 ? 'am' : 'pm', values);
}

/** "Tuesday 2:00 PM". */
export function weekdayAndTime(at: number | Date, language: Language = 'en'): string {
  const date = new Date(at);
  const weekday = `day${date.getDay()}` as KeyOf<typeof calendarWords>;
  return `${say(language, calendarWords, weekday)} ${clock(date, language)}`;
}

/** "Nov 24, 2026". */
export function calendarDate(at: number | Date, language: Language = 'en'): string {
  const date = new Date(at);
  const month = say(language, calendarWords, `month${date.getMonth()}` as KeyOf<typeof calendarWords>);
  return say(language, calendarWords, 'date', { month, day: date.getDate(), year: date.getFullYear() });
}

/**
 * A calendar day kept as YYYY-MM-DD, in the same words ("Mar 1, 2026"), read as that day wherever the
 * reader is (not as a moment, which west of UTC would be the day before); null for anything else.
 */
export function dayWords(day: string, language: Language = 'en'): string | null {
  const [year = 0, month = 0, date = 0] = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').map(Number) : [];
  const at = new Date(year, month - 1, date);
  // 30 February would roll over into March: only a day the calendar has is one.
  return at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === date ? calendarDate(at, language) : null;
}

/** "Nov 24, 2026, 1:32 AM". */
export function dateAndTime(at: number | Date, language: Language = 'en'): string {
  return `${calendarDate(at, language)}, ${clock(new Date(at), language)}`;
}
