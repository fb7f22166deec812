import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { Page, PageRequest } from '@/api/types';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const page = (slug: string, title: string, overrides: Partial<Page> = {}): Page => ({
  slug,
  title,
  body: `About ${title}.`,
  updatedAt: '2026-03-01T09:00:00.000Z',
  version: 1,
  ...overrides,
});

const PAGES = [
  page('delivery', 'Delivery & Collection'),
  page('e-waste', 'E-waste Policy'),
  page('faq', 'FAQ', { version: 4 }),
  page('privacy', 'Privacy Policy'),
  page('returns', 'Cancellation & Return Policy'),
  page('terms', 'Terms & Conditions'),
];

const listHandler = (pages: () => Page[]) => http.get('*/api/admin/page', () => envelope({ pages: pages() }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('Console pages', () => {
  it('lists the six pages, each to its editor, and is in the console’s menu', async () => {
    server.use(listHandler(() => PAGES));
    renderRoutes(routes, '/admin/pages');
    expect(await screen.findByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/admin/pages/privacy');
    const list = screen.getByRole('list', { name: 'The shop’s pages' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(PAGES.map((p) => p.title));
    expect(within(list).getByText(/\/pages\/e-waste/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Pages$/ })[0]).toHaveAttribute('href', '/admin/pages');
  });

  it('edits a page, previewing the body as the shop shows it, and sends the version it loaded', async () => {
    const sent: PageRequest[] = [];
    server.use(
      listHandler(() => PAGES),
      http.put('*/api/admin/page/:slug', async ({ request, params }) => {
        const body = (await request.json()) as PageRequest;
        sent.push(body);
        return envelope({ page: page(params.slug as string, body.title ?? '', { body: body.body, version: 5 }) }, 'Page saved');
      }),
    );
    renderRoutes(routes, '/admin/pages/faq');
    expect(await screen.findByLabelText('Title')).toHaveValue('FAQ');
    expect(screen.getByLabelText('Body (Markdown)')).toHaveValue('About FAQ.');
    type('Title', 'Questions');
    type('Body (Markdown)', '## Can I collect?\n\nYes, **free**.\n\n<script>alert(1)</script> <img src=x onerror=alert(2)>');
    await waitFor(() => expect(within(preview()).getByRole('heading', { level: 2, name: 'Can I collect?' })).toBeInTheDocument());
    expect(within(preview()).getByText('free').tagName).toBe('STRONG');
    expect(preview().querySelector('script, img, [onerror]')).toBeNull();
    expect(preview()).toHaveTextContent('<script>alert(1)</script>');
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ title: 'Questions', body: '## Can I collect?\n\nYes, **free**.\n\n<script>alert(1)</script> <img src=x onerror=alert(2)>', version: 4 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Questions' })).toBeInTheDocument();
  });

  it('checks the title and body as the server does, and shows the server’s field errors', async () => {
    const sent: PageRequest[] = [];
    server.use(
      listHandler(() => PAGES),
      http.put('*/api/admin/page/:slug', async ({ request }) => {
        sent.push((await request.json()) as PageRequest);
        return refusal(400, 'Title must be 1 to 120 characters', { title: 'Title must be 1 to 120 characters' });
      }),
    );
    renderRoutes(routes, '/admin/pages/privacy');
    await screen.findByLabelText('Title');
    type('Title', '   ');
    type('Body (Markdown)', 'x'.repeat(50_001));
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Title must be 1 to 120 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Body (Markdown)')).toHaveAccessibleDescription('Body must be at most 50,000 characters');
    expect(sent).toEqual([]);

    type('Title', 'Privacy');
    type('Body (Markdown)', 'ok');
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title must be 1 to 120 characters');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title must be 1 to 120 characters');
    expect(sent).toHaveLength(1);
  });

  it('a save refused because someone saved first keeps the typing, and loads the latest on request', async () => {
    const latest = page('privacy', 'Privacy Notice', { body: 'Theirs.', version: 2 });
    server.use(
      listHandler(() => PAGES),
      http.put('*/api/admin/page/:slug', () =>
        HttpResponse.json({ success: false, message: 'This changed since you opened it: reload to see the latest', data: { page: latest } }, { status: 409 }),
      ),
    );
    renderRoutes(routes, '/admin/pages/privacy');
    await screen.findByLabelText('Title');
    type('Body (Markdown)', 'Mine.');
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This changed since you opened it: reload to see the latest');
    expect(screen.getByRole('status')).toHaveTextContent('Someone saved this page after you opened it');
    expect(screen.getByLabelText('Body (Markdown)')).toHaveValue('Mine.');
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest' }));
    await waitFor(() => expect(screen.getByLabelText('Body (Markdown)')).toHaveValue('Theirs.'));
    expect(screen.getByLabelText('Title')).toHaveValue('Privacy Notice');
  });
});
