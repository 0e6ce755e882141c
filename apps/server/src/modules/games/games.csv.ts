/**
 * CSV (RFC 4180) for exports opened in spreadsheets: CRLF line ends, a field quoted when it holds
 * a comma, a quote, CR or LF, quotes doubled inside; and a cell a spreadsheet would read as a
 * formula (starting with = + - @, a tab or a CR) prefixed with an apostrophe (OWASP CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvCell = string | number | bigint | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvRow(header) + rows.map(csvRow).join('');
}
