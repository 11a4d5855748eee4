/**
 * Times as the portal's texts say them: in the reader's time zone and language ("Tuesday 2:00 PM",
 * "Nov 24, 2026, 1:32 AM"; "martes 2:00 p. m.", "24 nov 2026, 1:32 a. m."). Written out rather than
 * through Intl: a page's first Intl formatter costs 15–40 ms of main thread in Chromium (ICU's data,
 * measured), a long task just as the status arrives (decisions 0018 and 0033).
 */
import type { Language } from './words/languages.ts';

type Calendar = {
  weekdays: readonly string[];
  months: readonly string[];
  day: (month: string, date: number, year: number) => string;
  noon: readonly [am: string, pm: string];
};

const CALENDARS: Record<Language, Calendar> = {
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    day: (month, date, year) => `${month} ${date}, ${year}`,
    noon: ['AM', 'PM'],
  },
  es: {
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    day: (month, date, year) => `${date} ${month} ${year}`,
    noon: ['a. m.', 'p. m.'],
  },
};

/** "2:00 PM", "12:05 AM". */
function clock(date: Date, language: Language): string {
  const hours = date.getHours();
  const [am, pm] = CALENDARS[language].noon;
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? am : pm}`;
}

/** "Tuesday 2:00 PM". */
export function weekdayAndTime(at: number | Date, language: Language = 'en'): string {
  const date = new Date(at);
  return `${CALENDARS[language].weekdays[date.getDay()] ?? ''} ${clock(date, language)}`;
}

/** "Nov 24, 2026". */
export function calendarDate(at: number | Date, language: Language = 'en'): string {
  const date = new Date(at);
  const calendar = CALENDARS[language];
  return calendar.day(calendar.months[date.getMonth()] ?? '', date.getDate(), date.getFullYear());
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
