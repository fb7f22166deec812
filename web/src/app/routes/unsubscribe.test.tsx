import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { renderRoutes } from '@/testing/render';
import { catalogueHandlers, envelope, failure, server, unexpected } from '@/testing/server';

// The page a back-in-stock mail's unsubscribe link opens (docs/DESIGN.md §12).
const STOPPED = 'You will get no more back-in-stock e-mails';
const NOT_VALID = 'This link is not valid';

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./unsubscribe')]));

describe('Unsubscribe from back-in-stock e-mails', () => {
  it('posts the link’s token once and says the server’s sentence, with a way back to the shop', async () => {
    const asked: { method: string; token: string | null }[] = [];
    server.use(
      ...catalogueHandlers,
      http.post('*/api/alert/unsubscribe', ({ request }) => {
        asked.push({ method: request.method, token: new URL(request.url).searchParams.get('token') });
        return envelope({}, STOPPED);
      }),
    );
    renderRoutes(routes, '/unsubscribe?token=mailed.token-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back-in-stock e-mails' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(STOPPED));
    expect(asked).toEqual([{ method: 'POST', token: 'mailed.token-1' }]);
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Back-in-stock e-mails | Shop');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('posts once where the shop runs in strict mode, which mounts the page twice', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      ...catalogueHandlers,
      http.post('*/api/alert/unsubscribe', ({ request }) => {
        tokens.push(new URL(request.url).searchParams.get('token'));
        return envelope({}, STOPPED);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(routes, { initialEntries: ['/unsubscribe?token=t1'] });
    render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByText(STOPPED)).toBeInTheDocument();
    expect(tokens).toEqual(['t1']);
  });

  it('says a link without a token is not valid, asking nothing', async () => {
    const post = unexpected('post', '*/api/alert/unsubscribe');
    server.use(...catalogueHandlers, post.handler);
    renderRoutes(routes, '/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_VALID);
    expect(post.calls).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toBeInTheDocument();
  });

  it('says the server’s words for a token it does not know', async () => {
    server.use(...catalogueHandlers, http.post('*/api/alert/unsubscribe', () => failure(404, NOT_VALID)));
    renderRoutes(routes, '/unsubscribe?token=unknown');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_VALID);
    expect(screen.queryByText(STOPPED)).not.toBeInTheDocument();
  });
});
