import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** Characters that make a spreadsheet treat a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-looking text is defused with a leading quote, then quoted per RFC 4180. */
export function csvField(value: string | number | null | undefined): string {
  if (value == null) return "";
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record, CRLF-terminated as RFC 4180 asks. */
export const csvRecord = (values: (string | number | null | undefined)[]) =>
  `${values.map(csvField).join(",")}\r\n`;

/** Spreadsheet programs read UTF-8 only when the file starts with a byte-order mark. */
export const CSV_BOM = "\uFEFF";

export const csvDate = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : "");

export function attachmentName(base: string, now = new Date()) {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Streams CSV text as it is produced; headers go first, rows follow batch by batch. */
export function sendCsv(reply: FastifyReply, base: string, rows: AsyncIterable<string>) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${attachmentName(base)}"`)
    .send(Readable.from(rows, { objectMode: false }));
}
