import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { setTokenSource } from './api-client';
import { apiDownload, apiUpload, filenameOf } from './api-files';

describe('apiUpload and apiDownload', () => {
  afterEach(() => setTokenSource(() => null));

  it('sends a file’s bytes as they are, with its type and the token', async () => {
    setTokenSource(() => 'tok');
    let seen: { body: string; type: string | null; auth: string | null; search: string } | undefined;
    server.use(
      http.post('*/api/upload', async ({ request }) => {
        seen = { body: await request.text(), type: request.headers.get('Content-Type'), auth: request.headers.get('Authorization'), search: new URL(request.url).search };
        return HttpResponse.json({ success: true, message: 'Checked', data: { n: 1 } });
      }),
    );
    const bytes = new TextEncoder().encode('id,name\n,Tap\n');
    const answer = await apiUpload<{ n: number }>('/upload', bytes.buffer, 'text/csv', { query: { apply: 'false' } });
    expect(answer).toEqual({ data: { n: 1 }, message: 'Checked' });
    expect(seen).toEqual({ body: 'id,name\n,Tap\n', type: 'text/csv', auth: 'Bearer tok', search: '?apply=false' });
  });

  it('downloads a file with the token and the name the server gives it, and turns a refusal into the server’s message', async () => {
    setTokenSource(() => 'tok');
    let auth: string | null = null;
    server.use(
      http.get('*/api/file', ({ request }) => {
        auth = request.headers.get('Authorization');
        return new HttpResponse('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="products-2026-03-02.csv"' } });
      }),
      http.get('*/api/refused-file', () => HttpResponse.json({ success: false, message: 'to must not be before from' }, { status: 400 })),
    );
    const file = await apiDownload('/file');
    expect(auth).toBe('Bearer tok');
    expect(file.filename).toBe('products-2026-03-02.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    const refused = await apiDownload('/refused-file', undefined, 'Failed to export').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, message: 'to must not be before from' });
  });

  it.each([
    ['attachment; filename="orders-2026-03-01.csv"', 'orders-2026-03-01.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''caf%C3%A9.csv", 'café.csv'],
    ['attachment', null],
    [null, null],
  ])('reads the file name in %j', (header, name) => {
    expect(filenameOf(header)).toBe(name);
  });
});
