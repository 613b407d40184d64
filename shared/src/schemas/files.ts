import { z } from "zod";
import { LIMITS } from "../limits";

export const DOCUMENT_MSG = {
  missing: "Choose a PDF document to upload.",
  wrongType: "The document must be a PDF file.",
  tooLarge: `The document must be at most ${LIMITS.documentBytesMax / (1024 * 1024)} MB.`,
  unreadable: "The PDF could not be read; the file may be damaged or incomplete.",
  tooManyPages: `The document must have at most ${LIMITS.documentPagesMax.toLocaleString("en")} pages.`,
  tooComplex:
    "The PDF could not be checked: reading it takes too long or expands to too much data. Save it again as a PDF from the program that made it (for example with “Save as PDF”) and upload that.",
  notFound: "The document was not found. Upload it again.",
} as const;

export const DOCUMENT_ACCEPT = "application/pdf,.pdf";

/** What the browser can check before uploading: the name or declared type, and the size. */
export function documentProblem(file: { name: string; type: string; size: number }): string | null {
  if (file.type !== "application/pdf" && !file.name.toLowerCase().endsWith(".pdf"))
    return DOCUMENT_MSG.wrongType;
  if (file.size > LIMITS.documentBytesMax) return DOCUMENT_MSG.tooLarge;
  return null;
}

/** An uploaded file, as POST /api/files answers it and a version shows it. */
export const fileRefSchema = z.object({ id: z.string(), name: z.string(), size: z.number() });
export type FileRef = z.infer<typeof fileRefSchema>;

/**
 * GET /api/files/:id: a download by default; `view=inline` is the same file, shown in a frame of
 * this app's own pages (the review's preview), still sandboxed (decision 0059).
 */
export const fileReadQuery = z.object({
  view: z.enum(["download", "inline"], { error: "View must be download or inline." }).default("download"),
});

/** The address of a stored document: its download, or its preview in a frame of our own pages. */
export const documentUrl = (id: string, view: "download" | "inline" = "download") =>
  `/api/files/${id}${view === "inline" ? "?view=inline" : ""}`;
