import { describe, expect, it } from 'vitest';
import { dateAndTime, dayWords, formatCount, weekdayAndTime } from '../../contract/index.ts';
import { loadLanguage } from '../../contract/words/translate.ts';

describe('words for counts and times', () => {
  it('groups a count by thousands, as US English writes it', () => {
    expect([0, 7, 999, 1000, 1240, 5000, 1234567, 1_000_000_000].map(formatCount)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '1,240',
      '5,000',
      '1,234,567',
      '1,000,000,000',
    ]);
  });

  it("says a time with its weekday on a 12-hour clock, in the reader's time zone", () => {
    expect(weekdayAndTime(new Date(2026, 2, 3, 14, 0))).toBe('Tuesday 2:00 PM');
    expect(weekdayAndTime(new Date(2026, 2, 8, 0, 5))).toBe('Sunday 12:05 AM');
    expect(weekdayAndTime(new Date(2026, 2, 7, 12, 30).getTime())).toBe('Saturday 12:30 PM');
    expect(weekdayAndTime(new Date(2026, 2, 7, 11, 59))).toBe('Saturday 11:59 AM');
  });

  it('says a moment with its date', () => {
    expect(dateAndTime(new Date(2026, 10, 24, 1, 32))).toBe('Nov 24, 2026, 1:32 AM');
    expect(dateAndTime(new Date(2027, 0, 1, 23, 9))).toBe('Jan 1, 2027, 11:09 PM');
  });

  it("says them in Spanish from Spanish's own catalog", async () => {
    await loadLanguage('es');
    expect(weekdayAndTime(new Date(2026, 2, 3, 14, 0), 'es')).toBe('martes 2:00 p. m.');
    expect(dateAndTime(new Date(2026, 10, 24, 1, 32), 'es')).toBe('24 nov 2026, 1:32 a. m.');
    expect(dayWords('2026-09-01', 'es')).toBe('1 sept 2026');
  });
});
