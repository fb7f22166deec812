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

/** GETs `path` under /api and returns the envelope's `data`. */
export async function apiGet<T>(path: string, query?: Query, fallbackMessage = 'Something went wrong'): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url(path, query), { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(fallbackMessage, 0);
  }
  const body = (await response.json().catch(() => null)) as
    | { success: boolean; message?: string; data?: T; errors?: Record<string, string> }
    | null;
  if (!response.ok || !body?.success) {
    throw new ApiError(body?.message || fallbackMessage, response.status, body?.errors);
  }
  return body.data as T;
}

/** Where a stored image is served from: `{mediaBaseUrl}{path}`. */
export const mediaBaseUrl = '/media/';

export function mediaUrl(path: string): string {
  return `${mediaBaseUrl}${path}`;
}
