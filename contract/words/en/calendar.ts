/**
 * Dates and times as the texts say them (contract/time-words.ts): weekdays, months, the order of a
 * date, the two halves of a 12-hour day. Words rather than Intl's formatters (decision 0018); each
 * language says them in its own catalog file, so a new language brings its calendar with it.
 */
import { section } from '../section.ts';

export const calendarWords = section('calendar', {
  day0: 'Sunday',
  day1: 'Monday',
  day2: 'Tuesday',
  day3: 'Wednesday',
  day4: 'Thursday',
  day5: 'Friday',
  day6: 'Saturday',
  month0: 'Jan',
  month1: 'Feb',
  month2: 'Mar',
  month3: 'Apr',
  month4: 'May',
  month5: 'Jun',
  month6: 'Jul',
  month7: 'Aug',
  month8: 'Sep',
  month9: 'Oct',
  month10: 'Nov',
  month11: 'Dec',
  // "Nov 24, 2026"
  date: '{month} {day}, {year}',
  // "2:05 PM"
  am: '{hours}:{minutes} AM',
  pm: '{hours}:{minutes} PM',
});
