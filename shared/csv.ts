// CSV as RFC 4180 writes it (issue #40's desk log export): fields separated by commas, records
// by CRLF, a field quoted when it holds a comma, a double quote, CR or LF, its quotes doubled.
// Text that a spreadsheet would run as a formula (a cell starting with =, +, - or @; tab and CR
// too, as OWASP advises) is prefixed with a single quote. Numbers are written as numbers.

/** `{ fixed }`: a number written with its decimals as given ("-855.00"), never formula-guarded. */
export type CsvCell = string | number | null | { readonly fixed: string };

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as text: `=SUM(A1)` becomes `'=SUM(A1)`. */
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export function csvField(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "object") return /^-?\d+(\.\d+)?$/.test(cell.fixed) ? cell.fixed : "";
  const text = typeof cell === "number" ? String(cell) : neutraliseFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export const csvRecord = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(",")}\r\n`;
