// The one way the storefront talks to the server: `/api` calls with credentials,
// unwrapping the envelope of docs/DESIGN.md §4 and turning failures into ApiError.
import type { ErrorCode } from '@/api/types';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
    /** What a refusal carries besides: a stale save's 409 holds the object as it now is. */
    readonly data?: unknown,
    /** What the refusal means, when the server says (docs/API.md, Envelope): decide from
     * this, not from the status or the presence of `errors`. */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | undefined | null>;

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
  return (await readEnvelope<T>(await apiFetch(path, query, { method: 'GET' }, fallbackMessage), fallbackMessage)).data;
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
  const init: ApiRequest =
    body instanceof FormData
      ? { method, headers: extra, body }
      : { method, headers: { 'Content-Type': 'application/json', ...extra }, body: JSON.stringify(body ?? {}) };
  return readEnvelope<T>(await apiFetch(path, query, init, fallbackMessage), fallbackMessage);
}

/** A request under /api: its method, the headers it adds to every call's, and its body. */
export interface ApiRequest {
  method: string;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/** Fetches `path` under /api as every call does: with the token and the browser's
 * credentials, a network failure becoming ApiError(fallbackMessage, 0). The answer comes
 * as it is: the calls here read its envelope (readEnvelope), lib/api-files.ts a file. */
export async function apiFetch(path: string, query: Query | undefined, { headers: extra, ...init }: ApiRequest, fallbackMessage: string): Promise<Response> {
  try {
    return await fetch(url(path, query), { ...init, headers: headers(extra), credentials: 'include' });
  } catch {
    throw new ApiError(fallbackMessage, 0);
  }
}

/** An answer's envelope (docs/DESIGN.md §4): its `data` and `message`, or for a refusal an
 * ApiError in the server's words (`fallbackMessage` when it sent none). */
export async function readEnvelope<T>(response: Response, fallbackMessage: string): Promise<{ data: T; message: string }> {
  const body = (await response.json().catch(() => null)) as { success: boolean; message?: string; data?: T; errors?: Record<string, string>; code?: ErrorCode } | null;
  if (!response.ok || !body?.success) {
    throw new ApiError(body?.message || fallbackMessage, response.status, body?.errors, body?.data, body?.code);
  }
  return { data: body.data as T, message: body.message ?? '' };
}

/** Where a stored image is served from: `{mediaBaseUrl}{path}`. */
export const mediaBaseUrl = '/media/';

export function mediaUrl(path: string): string {
  return `${mediaBaseUrl}${path}`;
}
