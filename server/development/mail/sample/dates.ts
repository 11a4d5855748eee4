/** Dates of the sample mail: spread over years, and written in Date headers with the sender's zone. */

/** First and last moment sample mail can carry (internal dates). */
export const SAMPLE_PERIOD = { from: Date.UTC(2016, 0, 1), to: Date.UTC(2025, 5, 30) } as const;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** An RFC 5322 date in the given zone (`+0530`, `-0800`): the wall-clock time there and its offset. */
export function rfc5322Date(when: Date, zone: string): string {
  const sign = zone.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  const local = new Date(when.getTime() + minutes * 60_000);
  return `${DAYS[local.getUTCDay()]}, ${two(local.getUTCDate())} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ${zone}`;
}
