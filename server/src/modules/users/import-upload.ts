import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type { FastifyRequest } from "fastify";
import { AppError, fieldError } from "../../lib/errors";

const IMPORT_MSG = {
  wrongType: "Send the CSV as the body (text/csv) or as the multipart field `file`.",
  notUtf8: "The file must be UTF-8 text. In a spreadsheet, save it as “CSV UTF-8”.",
  tooLarge: `The file must be at most ${LIMITS.importBytesMax / (1024 * 1024)} MB.`,
} as const;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The import's CSV as text: the body itself (text/csv), or the one multipart field `file`. */
export async function readImportBody(request: FastifyRequest): Promise<string> {
  let bytes: Buffer;
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: LIMITS.importBytesMax } });
    if (part?.fieldname !== "file") throw fieldError("file", MSG.importFileMissing);
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError(413, "PAYLOAD_TOO_LARGE", IMPORT_MSG.tooLarge);
      throw err;
    }
  } else if (Buffer.isBuffer(request.body)) bytes = request.body;
  else throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", IMPORT_MSG.wrongType);
  try {
    return utf8.decode(bytes);
  } catch {
    throw fieldError("file", IMPORT_MSG.notUtf8);
  }
}
