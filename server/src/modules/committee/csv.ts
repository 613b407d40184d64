import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

export type CsvValue = string | number | null | undefined;

/**
 * A formula starter (=, +, -, @, tab, carriage return, and the full-width forms spreadsheets also
 * take) after a `;`, a tab or a line break inside a value, past any spaces or quotes. A spreadsheet
 * whose locale splits on `;` (or that reads tabs) honours the quotes of the first field only: after
 * its closing quote is followed by the `,`, it reads on unquoted and starts a cell at each `;` in a
 * later field, and a row (so a cell) at each line break in it.
 */
const FORMULA_AFTER_SPLIT = /([;\t\r\n][\s"]*)([=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * How every export is written (DESIGN.md §13, decision 0043), by csv-stringify: every field
 * quoted, so a `,` `;` or line break inside a value stays inside its cell for a spreadsheet that
 * splits on `,`; every field starting like a formula prefixed with a `'` (escape_formulas); and a
 * formula starter a `;`, a tab or a line break would begin a cell with prefixed the same way, for a
 * spreadsheet that splits there. Records end in CRLF, as RFC 4180 asks.
 */
const OPTIONS = {
  quoted: true,
  quoted_empty: true,
  escape_formulas: true,
  record_delimiter: "windows",
  cast: { string: (value: string) => value.replace(FORMULA_AFTER_SPLIT, "$1'$2") },
} as const;

/** Spreadsheet programs read UTF-8 only when the file starts with a byte-order mark. */
const CSV_BOM = "\uFEFF";

/** Records as CSV text, by the export rules above. */
export const csvRecords = (records: CsvValue[][]) => (records.length ? stringify(records, OPTIONS) : "");

export const csvDate = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : "");

export function attachmentName(base: string, now = new Date()) {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/** An export: its file's name (before the date), its header, and its records, read batch by batch. */
export interface CsvExport {
  file: string;
  columns: string[];
  batches: AsyncIterable<CsvValue[][]>;
}

/** The file's text as it is produced: the mark and the header first, then each batch of records. */
export async function* csvText(csv: CsvExport) {
  yield CSV_BOM + csvRecords([csv.columns]);
  for await (const batch of csv.batches) {
    const text = csvRecords(batch);
    if (text) yield text;
  }
}

/**
 * Every CSV export goes out through here, streamed: never a whole table in memory, every record
 * written by csvRecords.
 */
export function sendCsv(reply: FastifyReply, csv: CsvExport) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${attachmentName(csv.file)}"`)
    .send(Readable.from(csvText(csv), { objectMode: false }));
}
