import { ApiError, errorMessage, sentenceOf } from './api.ts';

// Files to and from the server: uploads with progress (fetch cannot report it; XMLHttpRequest can) and
// downloads saved under the server's name. Every failure is an ApiError with the server's own sentence, as
// with the `api` client.

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

export interface UploadOptions {
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** what a failure says when the server's answer has no sentence, or the server cannot be reached */
  failure?: string;
}

/** A refused upload: the ApiError with the server's sentence, and the whole body it came in (a refused deck's problems). */
export class UploadError extends ApiError {
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(status, message);
    this.name = 'UploadError';
    this.body = body;
  }
}

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a body (a multipart form, or text as text/plain) to `/api{path}` with upload progress and resolves
 * with the JSON answer. A refusal rejects with an UploadError carrying the server's sentence and body.
 */
export function upload<T>(method: string, path: string, body: FormData | string, { onProgress, signal, headers, failure }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'text/plain; charset=utf-8');
    for (const [k, v] of Object.entries(headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total, fraction: e.total ? e.loaded / e.total : 0 });
    };
    xhr.onload = () => {
      const answer = parsed(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        if (xhr.responseText && answer === undefined) reject(new UploadError(xhr.status, 'The server sent an unreadable answer', undefined));
        else resolve(answer as T);
      } else {
        reject(new UploadError(xhr.status, sentenceOf(answer, { status: xhr.status, statusText: xhr.statusText || (failure ?? '') }), answer));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, failure ?? 'Network error: the server could not be reached'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The file name of a Content-Disposition header (its UTF-8 `filename*` first), else the fallback. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const header = contentDisposition ?? '';
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

/** Saves a blob under a name, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.replace(/[\\/:*?"<>|]/g, '_');
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GETs `/api{path}` and saves it under the server's Content-Disposition name (else the fallback); resolves with the name. */
export async function download(path: string, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Network error: the server could not be reached');
  }
  if (!res.ok) throw new ApiError(res.status, await errorMessage(res));
  const fileName = fileNameOf(res.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await res.blob(), fileName);
  return fileName;
}
