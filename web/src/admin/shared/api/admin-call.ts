// Every console call goes through here: a 401 means the administrator's session is over
// (the token was revoked or expired), so the session ends and the console's guard sends
// them to the login page, which brings them back after signing in.
import { toast } from 'sonner';
import { useAuth } from '@/features/auth';
import { apiCall, apiGet, ApiError } from '@/lib/api-client';
import { apiDownload, apiUpload } from '@/lib/api-files';

type Query = Parameters<typeof apiGet>[1];

async function guarded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && useAuth.getState().isAuthenticated) {
      useAuth.getState().signOut();
      toast.info('Your session has ended. Please sign in again.');
    }
    throw error;
  }
}

/** GETs an admin call's `data`. */
export const adminGet = <T>(path: string, query: Query, fallbackMessage: string) => guarded(apiGet<T>(path, query, fallbackMessage));

/** POSTs a file's bytes as `contentType` and returns the whole envelope (`data`, `message`). */
export const adminUpload = <T>(path: string, body: ArrayBuffer, contentType: string, query: Query, fallbackMessage: string) =>
  guarded(apiUpload<T>(path, body, contentType, { query, fallbackMessage }));

/** GETs an admin file (an export): its bytes and the name the server gave it. */
export const adminDownload = (path: string, query: Query, fallbackMessage: string) => guarded(apiDownload(path, query, fallbackMessage));

/** POSTs `body` to an admin call and returns its `data`. */
export const adminPost = <T>(path: string, body: unknown, fallbackMessage: string) =>
  guarded(apiCall<T>('POST', path, body, { fallbackMessage }).then(({ data }) => data));

/** POSTs `body` to an admin call and returns the whole envelope: `data`, and `message`
 * for a call whose answer is a sentence to show. */
export const adminPostEnvelope = <T>(path: string, body: unknown, fallbackMessage: string) => guarded(apiCall<T>('POST', path, body, { fallbackMessage }));

/** PUTs `body` to an admin call and returns its `data`. */
export const adminPut = <T>(path: string, body: unknown, fallbackMessage: string) =>
  guarded(apiCall<T>('PUT', path, body, { fallbackMessage }).then(({ data }) => data));

/** DELETEs an admin call's object and returns its `data`. */
export const adminDelete = <T>(path: string, fallbackMessage: string) =>
  guarded(apiCall<T>('DELETE', path, undefined, { fallbackMessage }).then(({ data }) => data));

/** Sends `body` with `method` (a PATCH, or a DELETE whose answer is a sentence to show)
 * and returns the whole envelope: `data`, and `message`. */
export const adminSendEnvelope = <T>(method: 'PATCH' | 'DELETE', path: string, body: unknown, fallbackMessage: string) =>
  guarded(apiCall<T>(method, path, body, { fallbackMessage }));
