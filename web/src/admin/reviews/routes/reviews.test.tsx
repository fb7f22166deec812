import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { AdminReview } from '@/api/types';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { adminReview, adminReviewsHandler, signInAs, signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, renderWithRouter, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';
import { AdminReviewsPage } from './reviews';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const praise = adminReview();
const rant = adminReview({
  _id: 's'.padStart(24, '0'),
  rating: 1,
  comment: 'Call 555-0100 for cheaper taps!!!',
  images: ['reviews/s/0.jpg', 'reviews/s/1.jpg'],
  createdAt: '2026-03-01T18:40:00Z',
  productId: 'p'.padStart(24, '0'),
  productName: 'Copper Pipe Cutter',
  user: { fullName: 'Former customer', profilePhoto: null },
  authorEmail: null,
});
const spam = adminReview({
  _id: 't'.padStart(24, '0'),
  rating: 2,
  comment: 'Buy followers at example.com',
  createdAt: '2026-02-27T08:00:00Z',
  hidden: true,
  hiddenAt: '2026-02-28T10:30:00Z',
  hiddenReason: 'Advertising',
});

/** The reviews list (and the shop's read of a product's reviews, the visible ones) over
 * reviews that hide and show as the server's do; `calls` records each hide (with its body)
 * and show. */
function reviewsApi(start: AdminReview[] = [praise, rant, spam], asked: URLSearchParams[] = []) {
  let reviews = [...start];
  const calls: { call: string; body?: unknown }[] = [];
  const change = (id: string, update: Partial<AdminReview>) => {
    reviews = reviews.map((review) => (review._id === id ? { ...review, ...update } : review));
    return reviews.find((review) => review._id === id)!;
  };
  server.use(
    adminReviewsHandler(() => reviews, asked),
    // The shop's read, under the product on its page.
    http.get('*/api/review/product/:id', ({ params }) => {
      const shown = reviews.filter((review) => review.productId === params.id && !review.hidden);
      return envelope({ reviews: shown.map(({ _id, rating, comment, images, createdAt, user }) => ({ _id, rating, comment, images, createdAt, user })), total: shown.length });
    }),
    http.post('*/api/admin/review/:id/hide', async ({ request, params }) => {
      const body = (await request.json()) as { reason: string };
      calls.push({ call: `hide ${params.id}`, body });
      return envelope({ review: change(params.id as string, { hidden: true, hiddenAt: '2026-03-03T12:00:00Z', hiddenReason: body.reason }) }, 'Review hidden');
    }),
    http.post('*/api/admin/review/:id/show', ({ params }) => {
      calls.push({ call: `show ${params.id}` });
      return envelope({ review: change(params.id as string, { hidden: false, hiddenAt: null, hiddenReason: null }) }, 'Review shown');
    }),
  );
  return calls;
}

const table = () => screen.getByRole('region', { name: 'Reviews table' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (comment: string) => rows().find((row) => row.textContent?.includes(comment))!;
const cells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)];

describe('Console reviews', () => {
  it('lists every review newest first with its product, rating, comment, author, date and whether it is shown', async () => {
    const asked: URLSearchParams[] = [];
    reviewsApi(undefined, asked);
    renderRoutes(routes, '/admin/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Reviews table' });
    expect(rows().map(cells)).toEqual([
      [praise.productName, '4/5', praise.comment, 'Ada Lovelaceada@example.com', 'Mar 02, 2026, 09:15 UTC', 'Visible', 'Hide'],
      ['Copper Pipe Cutter', '1/5', 'Call 555-0100 for cheaper taps!!!2 photos', 'Former customerAccount deleted', 'Mar 01, 2026, 18:40 UTC', 'Visible', 'Hide'],
      [praise.productName, '2/5', 'Buy followers at example.com', 'Ada Lovelaceada@example.com', 'Feb 27, 2026, 08:00 UTC', 'HiddenOn Feb 28, 2026, 10:30 UTC. Reason: Advertising', 'Show'],
    ]);
    // The product's name leads to its page in the console.
    expect(within(rows()[1]).getByRole('link', { name: 'Copper Pipe Cutter' })).toHaveAttribute('href', `/admin/products/${rant.productId}`);
    expect(screen.getByText('Page 1 of 1 · 3 reviews')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', perPage: '20' });
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '/admin/reviews');
  });

  it('filters by rating and by whether hidden, and pages, keeping all of it in the address', async () => {
    const many = Array.from({ length: 23 }, (_, i) => adminReview({ _id: String(i).padStart(24, '0'), rating: 5, comment: `Review number ${i + 1} is a good one.` }));
    const asked: URLSearchParams[] = [];
    reviewsApi([...many, spam], asked);
    const { router } = renderRoutes(routes, '/admin/reviews');
    await screen.findByRole('region', { name: 'Reviews table' });

    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '5' } });
    await waitFor(() => expect(router.state.location.search).toBe('?rating=5'));
    await waitFor(() => expect(screen.getByText('Page 1 of 2 · 23 reviews')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?rating=5&page=2'));
    expect(await screen.findByText('Review number 23 is a good one.')).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ rating: '5', page: '2', perPage: '20' });

    // A new filter starts again at the first page.
    fireEvent.change(screen.getByLabelText('Shown in the shop'), { target: { value: 'true' } });
    await waitFor(() => expect(router.state.location.search).toBe('?rating=5&hidden=true'));
    expect(await screen.findByText('No reviews match these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '' } });
    expect(await screen.findByText('Buy followers at example.com')).toBeInTheDocument();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ hidden: 'true', page: '1', perPage: '20' });
  });

  it('opens with the filters the address names, leaving out what the server would refuse', async () => {
    const asked: URLSearchParams[] = [];
    reviewsApi(undefined, asked);
    renderRoutes(routes, '/admin/reviews?rating=9&hidden=false&page=2');
    await screen.findByLabelText('Rating');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(Object.fromEntries(asked[0])).toEqual({ hidden: 'false', page: '2', perPage: '20' });
    expect(screen.getByLabelText('Rating')).toHaveValue('');
    expect(screen.getByLabelText('Shown in the shop')).toHaveValue('false');
  });

  it('asks for a reason before hiding, then shows the row hidden with it', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = reviewsApi();
    renderRoutes(routes, '/admin/reviews');
    await screen.findByRole('region', { name: 'Reviews table' });
    fireEvent.click(within(rowOf(rant.comment)).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    expect(dialog).toHaveTextContent('It leaves the page of Copper Pipe Cutter, and its rating and review count, at once. You can show it again later.');

    // The reason is required, and at most 200 characters.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(reason, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText('The reason must be at most 200 characters')).toBeInTheDocument();
    expect(calls).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Advertises a phone number ' } });
    expect(within(dialog).getByText('Only administrators see it. 25 of 200 characters.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([{ call: `hide ${rant._id}`, body: { reason: 'Advertises a phone number' } }]);
    const row = rowOf(rant.comment);
    expect(row).toHaveTextContent('HiddenOn Mar 03, 2026, 12:00 UTC. Reason: Advertises a phone number');
    expect(within(row).getByRole('button', { name: 'Show' })).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Review hidden from Copper Pipe Cutter');
  });

  it('keeps the review visible when the dialog is left, sending nothing', async () => {
    const calls = reviewsApi();
    renderRoutes(routes, '/admin/reviews');
    await screen.findByRole('region', { name: 'Reviews table' });
    fireEvent.click(within(rowOf(praise.comment)).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Changed my mind' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it visible' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(rowOf(praise.comment)).toHaveTextContent('Visible');
  });

  it('shows the server’s refusals in the dialog: errors.reason by the field, anything else below it', async () => {
    reviewsApi();
    let answer = () => refusal(400, 'A reason is required', { reason: 'A reason is required' });
    server.use(http.post('*/api/admin/review/:id/hide', () => answer()));
    renderRoutes(routes, '/admin/reviews');
    await screen.findByRole('region', { name: 'Reviews table' });
    fireEvent.click(within(rowOf(praise.comment)).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    const reason = within(dialog).getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'Off topic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(expect.stringContaining('A reason is required')));

    answer = () => failure(404, 'Review not found');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toContain('Review not found'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a hidden review again with one click, and the row says so', async () => {
    const calls = reviewsApi();
    renderRoutes(routes, '/admin/reviews');
    await screen.findByRole('region', { name: 'Reviews table' });
    fireEvent.click(within(rowOf(spam.comment)).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(within(rowOf(spam.comment)).getByRole('button', { name: 'Hide' })).toBeInTheDocument());
    expect(rowOf(spam.comment)).toHaveTextContent('Visible');
    expect(rowOf(spam.comment)).not.toHaveTextContent('Advertising');
    expect(calls).toEqual([{ call: `show ${spam._id}` }]);
  });

  it('has the product page’s reviews read again when a review is shown (or hidden)', async () => {
    reviewsApi();
    renderWithRouter(
      <>
        <ReviewsSection productId={praise.productId} />
        <AdminReviewsPage />
      </>,
    );
    const shop = () => screen.getByRole('region', { name: 'Rating & Reviews' });
    await screen.findByRole('region', { name: 'Reviews table' });
    await waitFor(() => expect(shop()).toHaveTextContent('All Reviews (1)'));
    expect(shop()).not.toHaveTextContent(spam.comment);
    fireEvent.click(within(rowOf(spam.comment)).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(shop()).toHaveTextContent('All Reviews (2)'));
    expect(shop()).toHaveTextContent(spam.comment);
  });

  it('says when showing is refused, and when the reviews cannot be loaded', async () => {
    reviewsApi();
    server.use(http.post('*/api/admin/review/:id/show', () => failure(404, 'Review not found')));
    const view = renderRoutes(routes, '/admin/reviews');
    await screen.findByRole('region', { name: 'Reviews table' });
    fireEvent.click(within(rowOf(spam.comment)).getByRole('button', { name: 'Show' }));
    expect(await within(rowOf(spam.comment)).findByRole('alert')).toHaveTextContent('Review not found');
    view.unmount();

    server.use(http.get('*/api/admin/review', () => failure(500, 'Failed to load the reviews')));
    renderRoutes(routes, '/admin/reviews');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the reviews');
  });
});

describe('Console reviews by role', () => {
  it('lets support moderate, naming each product without a link to the catalogue it cannot open', async () => {
    signInAs('support');
    reviewsApi();
    renderRoutes(routes, '/admin/reviews');
    await screen.findByRole('region', { name: 'Reviews table' });
    expect(within(rows()[1]).getByRole('rowheader')).toHaveTextContent('Copper Pipe Cutter');
    expect(within(rows()[1]).queryByRole('link', { name: 'Copper Pipe Cutter' })).not.toBeInTheDocument();
    expect(within(rows()[1]).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });
});
