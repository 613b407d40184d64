import { z } from "zod";
import { LIMITS } from "../limits";

const MB = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

/** What a document is uploaded for (decision 0080): a proposal's (20 MB) or a thesis draft (50 MB). */
export const DOCUMENT_PURPOSES = ["proposal", "thesis"] as const;
export type DocumentPurpose = (typeof DOCUMENT_PURPOSES)[number];

/** The largest document of each purpose. */
export const DOCUMENT_BYTES_MAX: Record<DocumentPurpose, number> = {
  proposal: LIMITS.documentBytesMax,
  thesis: LIMITS.thesisDocumentBytesMax,
};

export const DOCUMENT_MSG = {
  missing: "Choose a PDF document to upload.",
  wrongType: "The document must be a PDF file.",
  tooLarge: `The document must be at most ${MB(LIMITS.documentBytesMax)}.`,
  thesisTooLarge: `A thesis document must be at most ${MB(LIMITS.thesisDocumentBytesMax)}.`,
  /** A thesis-sized upload referred to by a proposal or one of its versions. */
  tooLargeForProposal: `A proposal's document must be at most ${MB(LIMITS.documentBytesMax)}; this one is larger (only thesis drafts may be up to ${MB(LIMITS.thesisDocumentBytesMax)}). Upload a smaller PDF.`,
  thesisOnly: "Only a member of a thesis being written may upload a thesis document.",
  unreadable: "The PDF could not be read; the file may be damaged or incomplete.",
  tooManyPages: `The document must have at most ${LIMITS.documentPagesMax.toLocaleString("en")} pages.`,
  tooComplex:
    "The PDF could not be checked: reading it takes too long or expands to too much data. Save it again as a PDF from the program that made it (for example with “Save as PDF”) and upload that.",
  notFound: "The document was not found. Upload it again.",
} as const;

export const DOCUMENT_ACCEPT = "application/pdf,.pdf";

/** What the browser can check before uploading: the name or declared type, and the size. */
export function documentProblem(
  file: { name: string; type: string; size: number },
  purpose: DocumentPurpose = "proposal",
): string | null {
  if (file.type !== "application/pdf" && !file.name.toLowerCase().endsWith(".pdf"))
    return DOCUMENT_MSG.wrongType;
  if (file.size > DOCUMENT_BYTES_MAX[purpose]) return documentTooLarge(purpose);
  return null;
}

/** The refusal of a document over its purpose's limit. */
export const documentTooLarge = (purpose: DocumentPurpose) =>
  purpose === "thesis" ? DOCUMENT_MSG.thesisTooLarge : DOCUMENT_MSG.tooLarge;

/** POST /api/files: `purpose=thesis` for a thesis draft (up to 50 MB, a member of a thesis in Writing). */
export const fileUploadQuery = z.object({
  purpose: z.enum(DOCUMENT_PURPOSES, { error: "Purpose must be proposal or thesis." }).default("proposal"),
});

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
