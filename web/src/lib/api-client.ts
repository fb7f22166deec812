// The one way the storefront talks to the server: `/api` calls with credentials,
// unwrapping the envelope of DESIGN.md §4 and turning failures into ApiError.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | undefined | null>;

function url(path: string, query?: Query): string {
  const target = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') target.searchParams.set(key, String(value));
  }
  return target.toString();
}

/** Where the stored access token comes from; the auth store registers itself here, so
 * this module needs no import of any feature. */
let tokenSource: () => string | null = () => null;

export function setTokenSource(source: () => string | null) {
  tokenSource = source;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = tokenSource();
  return { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
}

/** GETs `path` under /api and returns the envelope's `data`. */
export async function apiGet<T>(path: string, query?: Query, fallbackMessage = 'Something went wrong'): Promise<T> {
  return (await send<T>(url(path, query), { method: 'GET', headers: headers() }, fallbackMessage)).data;
}

/** Sends `body` (JSON, or FormData as multipart) with `method` and returns `data`. */
export async function apiSend<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  fallbackMessage = 'Something went wrong',
): Promise<T> {
  return (await apiCall<T>(method, path, body, { fallbackMessage })).data;
}

/** What a call may add to its request. */
export interface CallOptions {
  query?: Query;
  /** Extra request headers, such as an order's `Idempotency-Key`. */
  headers?: Record<string, string>;
  fallbackMessage?: string;
}

/** Sends `body` like apiSend, with the query and headers a call needs, and returns the
 * whole success envelope: `data`, and `message` for the calls whose answer is a sentence. */
export async function apiCall<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  { query, headers: extra, fallbackMessage = 'Something went wrong' }: CallOptions = {},
): Promise<{ data: T; message: string }> {
  const init: RequestInit =
    body instanceof FormData
      ? { method, headers: headers(extra), body }
      : { method, headers: headers({ 'Content-Type': 'application/json', ...extra }), body: JSON.stringify(body ?? {}) };
  return send<T>(url(path, query), init, fallbackMessage);
}

/** POSTs a file's bytes as they are, as `contentType` (a CSV file as `text/csv`), and
 * returns the whole success envelope like apiCall. */
export async function apiUpload<T>(
  path: string,
  body: Blob | ArrayBuffer,
  contentType: string,
  { query, fallbackMessage = 'Something went wrong' }: Omit<CallOptions, 'headers'> = {},
): Promise<{ data: T; message: string }> {
  return send<T>(url(path, query), { method: 'POST', headers: headers({ 'Content-Type': contentType }), body }, fallbackMessage);
}

/** A file the server sent: its bytes, and the name its Content-Disposition gives, if any. */
export interface Download {
  blob: Blob;
  filename: string | null;
}

/** GETs a file under /api (with the token, like every call). A refusal comes as the usual
 * envelope and becomes an ApiError with the server's message. */
export async function apiDownload(path: string, query?: Query, fallbackMessage = 'Something went wrong'): Promise<Download> {
  const response = await reach(url(path, query), { method: 'GET', headers: headers({ Accept: '*/*' }) }, fallbackMessage);
  if (!response.ok) throw await failure(response, fallbackMessage);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}

/** The file name in a Content-Disposition header: `filename*=UTF-8''…` first, then
 * `filename="…"` or `filename=…`; null when it names none. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

async function reach(target: string, init: RequestInit, fallbackMessage: string): Promise<Response> {
  try {
    return await fetch(target, { ...init, credentials: 'include' });
  } catch {
    throw new ApiError(fallbackMessage, 0);
  }
}

type Envelope<T> = { success: boolean; message?: string; data?: T; errors?: Record<string, string> };

/** The ApiError for a refused answer, in the server's words when it sent the envelope. */
async function failure(response: Response, fallbackMessage: string): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  return new ApiError(body?.message || fallbackMessage, response.status, body?.errors);
}

async function send<T>(target: string, init: RequestInit, fallbackMessage: string): Promise<{ data: T; message: string }> {
  const response = await reach(target, init, fallbackMessage);
  const body = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !body?.success) {
    throw new ApiError(body?.message || fallbackMessage, response.status, body?.errors);
  }
  return { data: body.data as T, message: body.message ?? '' };
}

/** Where a stored image is served from: `{mediaBaseUrl}{path}`. */
export const mediaBaseUrl = '/media/';

export function mediaUrl(path: string): string {
  return `${mediaBaseUrl}${path}`;
}
