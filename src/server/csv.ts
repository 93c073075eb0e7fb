// The one CSV writer: every download (a list's export, each report's CSV) goes through it, so
// every cell is neutralised the same way (OWASP "CSV injection"; csv-export.ts `defuse`): text a
// spreadsheet would run as a formula gets a leading apostrophe, wherever it came from (a name, a
// description, a header, a fact, a label). A cell that is only a number ('-500.00', '+254712345678')
// is left as it is, so amounts stay numbers a spreadsheet sums: a formula needs more than digits
// and one sign, so such a cell cannot run anything.
import { stringify } from 'csv-stringify/sync';
import { defuse } from '../shared/csv-export.js';

export type CsvCell = string | number | bigint | boolean | null | undefined;

/** One cell as written: empty for nothing, numbers as their text, text neutralised. */
export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  return defuse(String(v));
}

/** Rows of cells → CSV text (RFC 4180 quoting by csv-stringify), every cell through csvCell. */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return stringify(rows.map((r) => r.map(csvCell)));
}
