/**
 * Times as the portal's texts say them: in the reader's time zone, in US English like every other
 * text ("Tuesday 2:00 PM", "Nov 24, 2026, 1:32 AM"). Written out rather than through Intl: a page's
 * first Intl formatter costs 15–40 ms of main thread in Chromium (ICU's data, measured), a long
 * task just as the status arrives (docs/decisions/0018-words-without-intl.md).
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "2:00 PM", "12:05 AM". */
function clock(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Tuesday 2:00 PM". */
export function weekdayAndTime(at: number | Date): string {
  const date = new Date(at);
  return `${WEEKDAYS[date.getDay()] ?? ''} ${clock(date)}`;
}

/** "Nov 24, 2026". */
export function calendarDate(at: number | Date): string {
  const date = new Date(at);
  return `${MONTHS[date.getMonth()] ?? ''} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * A calendar day kept as YYYY-MM-DD, in the same words ("Mar 1, 2026"), read as that day wherever the
 * reader is (not as a moment, which west of UTC would be the day before); null for anything else.
 */
export function dayWords(day: string): string | null {
  const [year = 0, month = 0, date = 0] = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').map(Number) : [];
  const at = new Date(year, month - 1, date);
  // 30 February would roll over into March: only a day the calendar has is one.
  return at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === date ? calendarDate(at) : null;
}

/** "Nov 24, 2026, 1:32 AM". */
export function dateAndTime(at: number | Date): string {
  return `${calendarDate(at)}, ${clock(new Date(at))}`;
}
