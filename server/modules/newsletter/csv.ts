/**
 * CSV as spreadsheets read it (RFC 4180: comma, CRLF, quotes doubled) and safe to open: a cell that
 * starts with = + - @ (or a tab or carriage return) would be taken for a formula by Excel,
 * LibreOffice and Google Sheets ("CSV injection"), so it gets a leading apostrophe, which they show
 * as text. A cell with a comma, quote or line break is quoted.
 */
export function csvCell(value: string | null | undefined): string {
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole CSV document: a UTF-8 byte-order mark (so Excel reads č, š, ž right), the header row, the rows, CRLF after each. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | null>>): string {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
