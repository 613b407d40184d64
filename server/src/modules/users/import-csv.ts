import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { IMPORT_HEADERS, type ImportRole } from "@shared/schemas/accounts";
import { parse } from "csv-parse/sync";
import { fieldError } from "../../lib/errors";

/** One person's line of an import file, as read. */
export interface CsvRow {
  /** The line the row starts on (the header is line 1). */
  line: number;
  values: string[];
}

const LINE_BREAKS = /[\r\n]/g;

/**
 * Reads an import file with csv-parse: a byte-order mark, quoted fields and any line endings are
 * fine, blank lines are skipped, values are trimmed. Refuses the whole file (400 on `file`) when
 * it is not CSV, its header is not the role's, it has nobody in it or more than
 * LIMITS.importRowsMax people. A row with the wrong number of values is left for the row checks.
 */
export function readImportCsv(text: string, role: ImportRole): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as unknown as typeof records;
  } catch (err) {
    const at = (err as { lines?: number }).lines;
    throw fieldError(
      "file",
      MSG.importUnreadable(
        at
          ? `check the quotes and commas on line ${at.toLocaleString("en")}.`
          : "check that it is a CSV file.",
      ),
    );
  }
  const expected = IMPORT_HEADERS[role];
  const header = records[0]?.record.map((h) => h.toLowerCase());
  if (!header || header.join(",") !== expected.map((h) => h.toLowerCase()).join(","))
    throw fieldError("file", MSG.importHeader(expected.join(",")));
  const rows = records.slice(1).map(({ record, info }) => ({
    // csv-parse counts the line a row ends on; a quoted value may hold line breaks before it.
    line: info.lines - record.reduce((n, v) => n + (v.match(LINE_BREAKS)?.length ?? 0), 0),
    values: record,
  }));
  if (!rows.length) throw fieldError("file", MSG.importEmpty);
  if (rows.length > LIMITS.importRowsMax)
    throw fieldError("file", MSG.importTooMany(LIMITS.importRowsMax, rows.length));
  return rows;
}
