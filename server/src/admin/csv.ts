/** Excel reads a UTF-8 file's accents right only when it starts with this byte order mark. */
export const CSV_BOM = '\uFEFF';

/** One cell's value as the export writes it. */
export type CsvValue = string | number | null | undefined;

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break (quotes doubled), and a text
 * starting with = + - @ (or a tab or carriage return) prefixed with ' so a spreadsheet never runs
 * it as a formula. Numbers are written as numbers.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, each ended with CRLF as RFC 4180 and Excel expect. */
export function csvLines(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** The start of a file: BOM and header row. */
export const csvHead = (header: readonly string[]): string => `${CSV_BOM}${csvLines([header])}`;

/** The whole file: BOM, header row, rows. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return `${csvHead(header)}${csvLines(rows)}`;
}
