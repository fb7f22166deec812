import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { Page } from '@/api/types';
import { routes } from '@/app/router';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, failure, server } from '@/testing/server';

const returns: Page = {
  slug: 'returns',
  title: 'Cancellation & Return Policy',
  body: '## Cancelling\n\nCancel from **My Orders**.\n\n<script>window.ran = true</script>\n\n<img src="x" onerror="window.ran = true">\n\n[Contact](/contact) · [bad](javascript:alert(1))',
  updatedAt: '2026-03-01T09:00:00.000Z',
  version: 3,
};

const pageHandler = http.get('*/api/page/:slug', ({ params }) => (params.slug === 'returns' ? envelope({ page: returns }) : failure(404, 'Page not found')));

beforeEach(() => server.use(...catalogueHandlers, pageHandler));
afterEach(() => resetStores());

describe('a page of the shop’s own', () => {
  it('shows its title as the one h1, its date and its Markdown, in the shop’s layout', async () => {
    renderRoutes(routes, '/pages/returns');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Cancellation & Return Policy' })).toBeInTheDocument();
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(main).getByText('Last updated Mar 01, 2026')).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: 'Cancelling' })).toBeInTheDocument();
    expect(within(main).getByText('My Orders').tagName).toBe('STRONG');
    expect(within(main).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('Cancellation & Return Policy | Shop');
  });

  it('shows HTML in the body as text: no script, picture or handler is ever made', async () => {
    renderRoutes(routes, '/pages/returns');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1 });
    const article = main.querySelector('article')!;
    expect(article.querySelector('script, img, [onerror]')).toBeNull();
    expect(article.textContent).toContain('<script>window.ran = true</script>');
    expect(article.textContent).toContain('<img src="x" onerror="window.ran = true">');
    expect(within(article).queryByRole('link', { name: 'bad' })).toBeNull();
    expect((window as unknown as { ran?: boolean }).ran).toBeUndefined();
  });

  it('says Page not found for a slug that is no page', async () => {
    renderRoutes(routes, '/pages/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Shop');
  });

  it('says when the page could not be loaded', async () => {
    server.use(http.get('*/api/page/:slug', () => failure(500, 'Something went wrong')));
    renderRoutes(routes, '/pages/returns');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });
});
