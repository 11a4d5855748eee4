/**
 * A load's mail choice as the service keeps it: the range's first day by the service's clock (UTC,
 * a month back from the 31st lands on the month's last day), a first day in the future refused,
 * everything kept as nothing (the load of before).
 */
import { describe, expect, it } from 'vitest';
import { monthsBefore, resolveMailChoice } from '../../server/rules/mail-choice.ts';

const now = Date.UTC(2026, 2, 31, 23, 30); // 31 March 2026, 23:30 UTC

describe('monthsBefore', () => {
  it.each([
    [1, '2026-02-28'],
    [3, '2025-12-31'],
    [12, '2025-03-31'],
    [13, '2025-02-28'],
  ])('%i months before 31 March 2026 is %s', (months, day) => {
    expect(monthsBefore(now, months)).toBe(day);
  });
});

describe('resolveMailChoice', () => {
  it('keeps everything as nothing, so the load is the load of before', () => {
    expect(resolveMailChoice(undefined, now)).toBeNull();
    expect(resolveMailChoice({ range: 'everything', excluded_folders: [] }, now)).toBeNull();
  });

  it('turns a range into its first day and keeps the folders left out, once each and sorted', () => {
    expect(resolveMailChoice({ range: 'last-3-months', excluded_folders: ['Trash', 'Junk', 'Trash'] }, now)).toEqual({
      since: '2025-12-31',
      excludedFolders: ['Junk', 'Trash'],
    });
    expect(resolveMailChoice({ range: 'everything', excluded_folders: ['Junk'] }, now)).toEqual({ since: null, excludedFolders: ['Junk'] });
    expect(resolveMailChoice({ range: 'from-date', from_date: '2026-03-31' }, now)).toEqual({ since: '2026-03-31', excludedFolders: [] });
  });

  it('refuses "from a date" without its day, or with a day after today', () => {
    expect(resolveMailChoice({ range: 'from-date' }, now)).toEqual({
      refused: 'Please enter the first day to move.',
      field: 'mail_choice.from_date',
    });
    expect(resolveMailChoice({ range: 'from-date', from_date: '2026-04-01' }, now)).toEqual({
      refused: 'Please choose a date that is not in the future.',
      field: 'mail_choice.from_date',
    });
  });
});
