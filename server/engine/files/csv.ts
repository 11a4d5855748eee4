/**
 * CSV as RFC 4180 writes it: CRLF line ends, a field quoted when it holds a comma, a quote, a line break
 * or edge spaces, and quotes inside doubled; a field a spreadsheet would run as a formula neutralised.
 * The contacts file and the item report are written with it.
 */

/** What a spreadsheet reads as the start of a formula: =, +, -, @, or a tab or carriage return before one. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number, a signed number or a date without its year (+1 (555) 010-0100, -12, --02-21): no
 * letter, so a spreadsheet can at most compute with it, never call a function or another program.
 */
const NUMBER_ONLY = /^[+-][\d ().:/+-]*$/;

/**
 * A cell that would start a formula starts with an apostrophe instead, which spreadsheets take as
 * "this is text" (docs/security.md, "Files a spreadsheet opens"): the contacts and the item report
 * carry names and subjects that anyone who sent the customer mail could have written
 * (`=HYPERLINK(…)`, `=cmd|…`). Phone numbers and dates stay as they are, or every importer would keep the apostrophe.
 */
export function csvField(raw: string): string {
  const value = FORMULA_START.test(raw) && !NUMBER_ONLY.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function buildCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}
