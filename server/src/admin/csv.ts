/** Excel reads a UTF-8 file's accents right only when it starts with this byte order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break (quotes doubled), and a text
 * starting with = + - @ (or a tab or carriage return) prefixed with ' so a spreadsheet never runs
 * it as a formula. Numbers are written as numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header row, rows; CRLF line ends as RFC 4180 and Excel expect. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
