/** Every failed call, whatever went wrong, reaches the UI as one ApiError. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** A failed call's sentence for a page: the ApiError's own, else the page's fallback. */
export const errorText = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);

export interface RequestOptions {
  /** JSON-encoded unless it is a string (sent as text/plain) or FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const BASE = '/api';

/** Spec 2 §7: tournament writes carry the acting user's id in X-Discord-Id (the server checks it against the session). */
let actingDiscordId: string | null = null;
export function setActingUser(discordId: string | null): void {
  actingDiscordId = discordId;
}

/** The sentence of a failed call: the server's `{ error }`, else the status line. */
export function sentenceOf(body: unknown, res: { status: number; statusText: string }): string {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) return body.error;
  return res.statusText || `Request failed with status ${res.status}`;
}

/** The sentence of a failed answer; a body that is not JSON (a proxy page, an empty body) leaves the status line. */
export async function errorMessage(res: Response): Promise<string> {
  return sentenceOf(await res.json().catch(() => undefined), res);
}

function encode(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  if (typeof body === 'string') {
    headers['Content-Type'] ??= 'text/plain; charset=utf-8';
    return body;
  }
  headers['Content-Type'] ??= 'application/json';
  return JSON.stringify(body);
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET' && actingDiscordId && path.startsWith('/tournaments')) headers['X-Discord-Id'] ??= actingDiscordId;
  const body = encode(options.body, headers);
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'Network error: the server could not be reached');
  }
  if (!res.ok) throw new ApiError(res.status, await errorMessage(res));
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('Content-Type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
