// Files through the API: a file's bytes sent as they are, and a file the server sends.
// The console moves files, and the shop only an order's invoice or credit note on a click
// (features/orders' documents import this then), so these live apart from api-client.ts,
// which every shopper's page loads.
import { apiFetch, type CallOptions, type Query, readEnvelope } from './api-client';

/** POSTs a file's bytes as they are, as `contentType` (a CSV file as `text/csv`), and
 * returns the whole success envelope like apiCall. */
export async function apiUpload<T>(
  path: string,
  body: Blob | ArrayBuffer,
  contentType: string,
  { query, fallbackMessage = 'Something went wrong' }: Omit<CallOptions, 'headers'> = {},
): Promise<{ data: T; message: string }> {
  const response = await apiFetch(path, query, { method: 'POST', headers: { 'Content-Type': contentType }, body }, fallbackMessage);
  return readEnvelope<T>(response, fallbackMessage);
}

/** A file the server sent: its bytes, and the name its Content-Disposition gives, if any. */
export interface Download {
  blob: Blob;
  filename: string | null;
}

/** GETs a file under /api (with the token, like every call). A refusal comes as the usual
 * envelope and becomes an ApiError with the server's message. */
export async function apiDownload(path: string, query?: Query, fallbackMessage = 'Something went wrong'): Promise<Download> {
  const response = await apiFetch(path, query, { method: 'GET', headers: { Accept: '*/*' } }, fallbackMessage);
  // Reading a refusal's envelope throws it as the ApiError.
  if (!response.ok) await readEnvelope(response, fallbackMessage);
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
