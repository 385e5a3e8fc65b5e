// CSV as RFC 4180 writes it (issue #40's desk log export): fields separated by commas, records
// by CRLF, a field quoted when it holds a comma, a double quote, CR or LF, its quotes doubled.
// Text that a spreadsheet would run as a formula (a cell starting with =, +, - or @; tab and CR
// too, as OWASP advises) is prefixed with a single quote. Numbers are written as numbers.
// Issue #47: look-alikes too. Characters a spreadsheet ignores or does not show (zero-width
// spaces and joiners, the BOM, soft hyphen, direction marks) are looked through, and the
// fullwidth forms of = + - @ (U+FF1D U+FF0B U+FF0D U+FF20) count as the signs themselves,
// since spreadsheets in East Asian locales read them as such.

/** `{ fixed }`: a number written with its decimals as given ("-855.00"), never formula-guarded. */
export type CsvCell = string | number | null | { readonly fixed: string };

const IGNORABLE = "\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF";
const FORMULA_START = new RegExp(`^[${IGNORABLE}]*[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]`);

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
