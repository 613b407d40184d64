/**
 * Where the CSV file comes from, read anew at every check (issue 30 item 12). A File chosen
 * through an <input type="file"> is a snapshot: once the file is edited on disk, Chromium
 * refuses to read it again (NotReadableError; an upload of it fails with
 * ERR_UPLOAD_FILE_CHANGED). A file handle of the File System Access API (Chromium's desktop
 * browsers) gives the file as it is now each time it is asked. Elsewhere the chosen File is read
 * into memory at each check, and a file changed since it was chosen is said plainly.
 */

/** The part of a FileSystemFileHandle the import uses. */
export interface CsvHandle {
  getFile(): Promise<File>;
}

type OpenFilePicker = (options: {
  multiple?: boolean;
  types?: { description: string; accept: Record<string, string[]> }[];
}) => Promise<CsvHandle[]>;

const openFilePicker = () =>
  typeof window === "undefined"
    ? undefined
    : (window as unknown as { showOpenFilePicker?: OpenFilePicker }).showOpenFilePicker;

/** Whether this browser can hand out file handles (then the import chooses through it). */
export const canPickHandles = () => typeof openFilePicker() === "function";

/** The browser's own file chooser, for a handle to a CSV file; null when the person cancels it. */
export async function pickCsvHandle(): Promise<CsvSource | null> {
  try {
    const [handle] = await openFilePicker()!({
      multiple: false,
      types: [{ description: "CSV file", accept: { "text/csv": [".csv"] } }],
    });
    return handle ? { handle, file: await handle.getFile() } : null;
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") return null;
    throw e;
  }
}

/** The file chosen: as chosen (its name shows), and its handle when the browser gave one. */
export interface CsvSource {
  file: File;
  handle: CsvHandle | null;
}

/** The chosen file changed on disk and this browser can no longer read it. */
export class FileChangedError extends Error {}

/**
 * The file as it is now, in memory: from its handle when there is one, else the chosen File read
 * again. What is sent is then these bytes, never a reference the browser re-reads while sending.
 */
export async function readCsv(source: CsvSource): Promise<File> {
  try {
    const file = source.handle ? await source.handle.getFile() : source.file;
    const bytes = await file.arrayBuffer();
    return new File([bytes], file.name, { type: file.type || "text/csv", lastModified: file.lastModified });
  } catch (e) {
    // NotReadableError: edited since it was chosen; NotFoundError: moved or deleted.
    if (e instanceof DOMException) throw new FileChangedError();
    throw e;
  }
}
