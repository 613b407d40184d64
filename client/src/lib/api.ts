import type { ErrorResponse } from "@shared/schemas/common";
import { SIGN_IN_MSG } from "@shared/sign-in-messages";

/** An error answered by the API, in the error shape of DESIGN.md §5. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * What to tell people of a failure: the server's words (or the network's, see `unreachable`);
 * anything else is no refusal but a fault of ours, said as `fallback`.
 */
export const errorMessage = (e: unknown, fallback: string = SIGN_IN_MSG.somethingWentWrong) =>
  isApiError(e) ? e.message : fallback;

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

async function request<T>(method: string, path: string, body?: unknown, init?: RequestInit): Promise<T> {
  const isForm = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: "same-origin",
      headers: body !== undefined && !isForm ? { "content-type": "application/json" } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw unreachable();
  }
  const text = await res.text();
  const data = text ? safeJson(text) : undefined;
  if (!res.ok) throw refusal(res.status, data);
  return data as T;
}

/** No answer at all: the network, not the server. */
const unreachable = () => new ApiError(0, "NETWORK", SIGN_IN_MSG.cannotReachServer);

/** A refusal as the server said it (DESIGN.md §5), or its status when the body says nothing. */
function refusal(status: number, data: unknown): ApiError {
  const err = (data as ErrorResponse | undefined)?.error;
  return new ApiError(
    status,
    err?.code ?? "HTTP",
    err?.message ?? `Request failed (${status}).`,
    err?.fields,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface UploadProgress {
  /** The share of the file sent so far (0–1), as it goes. */
  onProgress?: (fraction: number) => void;
  /** The whole file is sent: the server is now at work on it. */
  onSent?: () => void;
}

/**
 * POSTs one file as multipart field `file` through XMLHttpRequest, which (unlike fetch) reports how
 * much of it has been sent: the one upload with progress (documents of up to 20 MB, a thesis draft 50 MB, CSV imports).
 * Answered like every request: the JSON body, or an ApiError.
 */
function upload<T>(path: string, file: File, { onProgress, onSent }: UploadProgress = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => onSent?.();
    xhr.onerror = () => reject(unreachable());
    xhr.onload = () => {
      const data = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(refusal(xhr.status, data));
    };
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}

export const api = {
  upload,
  get: <T>(path: string, query?: Query) => request<T>("GET", withQuery(path, query)),
  /** GET an answer of one field (`{ thesis }`, `{ items }`) and take that field. */
  getField: <T>(path: string, field: string, query?: Query) =>
    request<Record<string, T>>("GET", withQuery(path, query)).then((answer) => answer[field] as T),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, body),
  delete: <T>(path: string, body?: unknown) => request<T>("DELETE", path, body),
};
