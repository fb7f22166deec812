import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { apiCall, ApiError } from './api-client';

describe('apiCall', () => {
  it('sends the query and extra headers, and answers with the data and the message', async () => {
    let seen: { url: URL; key: string | null; type: string | null } | undefined;
    server.use(
      http.post('*/api/thing/7', ({ request }) => {
        seen = { url: new URL(request.url), key: request.headers.get('Idempotency-Key'), type: request.headers.get('Content-Type') };
        return HttpResponse.json({ success: true, message: 'Done, as asked.', data: null });
      }),
    );
    const answer = await apiCall<null>('POST', '/thing/7', { a: 1 }, { query: { token: 'abc', empty: null }, headers: { 'Idempotency-Key': 'k-1' } });
    expect(answer).toEqual({ data: null, message: 'Done, as asked.' });
    expect(seen?.url.search).toBe('?token=abc');
    expect(seen?.key).toBe('k-1');
    expect(seen?.type).toBe('application/json');
  });

  it('keeps the field messages of a refusal, and says a network error is status 0', async () => {
    server.use(
      http.post('*/api/refused', () => HttpResponse.json({ success: false, message: 'Some items are no longer available', errors: { p1: 'Only 1 left in stock' } }, { status: 409 })),
      http.post('*/api/unreachable', () => HttpResponse.error()),
    );
    const refused = await apiCall('POST', '/refused', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, message: 'Some items are no longer available', errors: { p1: 'Only 1 left in stock' } });
    const unreachable = await apiCall('POST', '/unreachable', {}, { fallbackMessage: 'Failed to place order' }).catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ status: 0, message: 'Failed to place order' });
  });
});
