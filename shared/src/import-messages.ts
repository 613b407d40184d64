/** The words of the committee's CSV import (DESIGN.md §12), part of MSG (shared/src/messages.ts). */
export const IMPORT_MSG = {
  importHeader: (header: string) => `The first line must be the header ${header}.`,
  importEmpty: "The file has no people in it: only a header, or nothing at all.",
  importTooMany: (max: number, found: number) =>
    `A file may hold at most ${max.toLocaleString("en")} people; this one has ${found.toLocaleString("en")}.`,
  importUnreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  importFileMissing: "Choose a CSV file to import.",
  importHasErrors: (n: number) =>
    `Nothing was imported: ${n.toLocaleString("en")} ${n === 1 ? "row has an error" : "rows have errors"}. Fix ${n === 1 ? "it" : "them"} and try again.`,
  importCheckHasErrors: (n: number) =>
    `${n.toLocaleString("en")} ${n === 1 ? "row has an error" : "rows have errors"}. Fix ${n === 1 ? "it" : "them"} in the file and check it again: nothing can be imported until then.`,
  importRaced:
    "Someone added one of these people while the file was being imported, so nothing was imported. Check the file again.",
  /** The file changed on disk after it was chosen: a browser without file handles cannot read it again. */
  importFileChanged:
    "The file changed after you chose it, so the browser cannot read it again. Choose it again to check the new version.",
  importSkipped: (n: number) =>
    `${n.toLocaleString("en")} already ${n === 1 ? "had an account and was" : "had accounts and were"} skipped.`,
  imported: (n: number) =>
    `${n.toLocaleString("en")} ${n === 1 ? "person was" : "people were"} imported and sent a link to set a password.`,
  importNothingNew: "Everyone in the file already has an account: nothing to import.",
  importRowNew: "New: will be created and sent a link to set a password.",
  importRowExists: (asRole?: string) =>
    `Already has an account${asRole ? ` (as ${asRole})` : ""}: will be skipped.`,
  importRowDuplicate: (line: number) => `Duplicate of line ${line} in this file.`,
  importRowStudentIdTaken: "This student ID belongs to another account.",
  importRowColumns: (expected: number, found: number) => `Expected ${expected} values, found ${found}.`,
} as const;
