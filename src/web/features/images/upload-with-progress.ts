import { ApiError } from '../../lib/api.ts';

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
}

function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON: fall back to the status line
  }
  return xhr.statusText || `Request failed with status ${xhr.status}`;
}

/**
 * Sends a multipart form to `/api{path}` with upload progress (fetch cannot report it; XMLHttpRequest can).
 * Every failure becomes an ApiError, as with the `api` client.
 */
export function sendForm<T>(method: string, path: string, form: FormData, { onProgress, signal, headers }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total, fraction: e.total ? e.loaded / e.total : 0 });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiError(xhr.status, 'The server sent an unreadable answer'));
        }
      } else {
        reject(new ApiError(xhr.status, messageOf(xhr)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error: the server could not be reached'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
