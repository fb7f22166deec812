import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/app/router';
import type { Product, Review } from '@/api/types';
import { useAuth } from '@/features/auth/store';
import { catalogueHandlers, envelope, failure, product, server, user } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

const ID = '0123456789abcdef01234567';

function review(overrides: Partial<Review> = {}): Review {
  return {
    _id: 'r'.padStart(24, '0'),
    rating: 4,
    comment: 'Fitted in ten minutes, no leaks.',
    images: [],
    createdAt: '2023-03-01T10:00:00.000Z',
    user: { fullName: 'Ada Lovelace', profilePhoto: null },
    ...overrides,
  };
}

/** 'You might also like' reads the listing: the product itself and these others. */
const ALSO_LIKE = [product({ _id: 'f'.repeat(24), name: 'A related tap' }), product({ _id: 'e'.repeat(24), name: 'Pop-up basin waste' })];

function productHandlers(options: { reviews?: Review[]; total?: number; shown?: ReturnType<typeof product>; needed?: Product[] } = {}) {
  const shown = options.shown ?? product({ _id: ID });
  // MSW answers with the first handler that matches: the specific ones go first.
  return [
    http.get(`*/api/product/${ID}`, () => envelope({ product: shown })),
    http.get(`*/api/product/${ID}/related`, () => envelope({ products: options.needed ?? [] }, 'Related products')),
    http.get('*/api/product', () => envelope({ products: [shown, ...ALSO_LIKE], total: 3, page: 1, perPage: 4 })),
    http.get(`*/api/review/product/${ID}`, () =>
      envelope({ reviews: options.reviews ?? [], total: options.total ?? options.reviews?.length ?? 0 }),
    ),
    ...catalogueHandlers,
  ];
}

describe('Product page', () => {
  afterEach(() => useAuth.getState().signOut());

  it('starts from the product the server put in the page, without asking for it again', async () => {
    const asked: string[] = [];
    server.use(...productHandlers(), http.get(`*/api/product/${ID}`, ({ request }) => {
      asked.push(request.url);
      return envelope({ product: product({ _id: ID, name: 'Fetched tap' }) });
    }));
    const script = document.createElement('script');
    script.id = 'product-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ product: product({ _id: ID, name: 'Embedded tap' }) });
    document.body.append(script);
    try {
      renderRoutes(routes, `/product/${ID}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Embedded tap' })).toBeInTheDocument();
      expect(asked).toEqual([]);
    } finally {
      script.remove();
    }
  });

  it('zooms in when asked before the zoom viewer has loaded', async () => {
    server.use(...productHandlers());
    renderRoutes(routes, `/product/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(screen.getByLabelText('Zoom level')).toHaveTextContent('150%'));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(screen.getByLabelText('Zoom level')).toHaveTextContent('200%'));
  });

  it('asks for a product the page does not hold', async () => {
    server.use(...productHandlers({ shown: product({ _id: ID, name: 'Fetched tap' }) }));
    const script = document.createElement('script');
    script.id = 'product-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ product: product({ _id: 'e'.repeat(24), name: 'Another tap' }) });
    document.body.append(script);
    try {
      renderRoutes(routes, `/product/${ID}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Fetched tap' })).toBeInTheDocument();
    } finally {
      script.remove();
    }
  });

  it('shows a discounted product with its badge, You Save and end date', async () => {
    server.use(
      ...productHandlers({
        shown: product({ _id: ID, price: 40, discountPercentage: 25, discountedPrice: 30, discountEndDate: '2026-12-24T00:00:00.000Z', stock: 4 }),
      }),
    );
    renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aquaflow Chrome Mono Basin Mixer Tap' })).toBeInTheDocument();
    expect(screen.getByText('25% OFF')).toBeInTheDocument();
    expect(screen.getByText('You Save $10.00')).toBeInTheDocument();
    expect(screen.getByText('Offer ends Dec 24, 2026')).toBeInTheDocument();
    expect(screen.getByText('Only 4 left in stock')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeShopProduct');
    expect(await screen.findByRole('heading', { name: 'You might also like' })).toBeInTheDocument();
    expect(screen.getByText('A related tap')).toBeInTheDocument();
  });

  /** The names on the cards of the section headed `heading`, in order. */
  const cardNames = (heading: string) =>
    within(screen.getByRole('region', { name: heading }))
      .getAllByRole('heading', { level: 3 })
      .map((card) => card.textContent);

  it("shows You'll also need: the server's cards in its order, above You might also like, which keeps the spec's cards", async () => {
    const needed = [
      product({ _id: '1'.padStart(24, '0'), name: 'PTFE thread seal tape' }),
      product({ _id: '2'.padStart(24, '0'), name: 'Flexible tap connector', stock: 0 }),
      // Also in the sub-category's listing: the spec's section keeps it.
      ALSO_LIKE[1],
    ];
    server.use(...productHandlers({ needed }));
    renderRoutes(routes, `/product/${ID}`);
    const heading = await screen.findByRole('heading', { level: 2, name: "You'll also need" });
    expect(cardNames("You'll also need")).toEqual(['PTFE thread seal tape', 'Flexible tap connector', 'Pop-up basin waste']);
    const section = screen.getByRole('region', { name: "You'll also need" });
    // The listing's cards: a heart and a quick add on each.
    expect(within(section).getByRole('button', { name: 'Add PTFE thread seal tape to cart' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Flexible tap connector is out of stock' })).toBeDisabled();
    expect(within(section).getAllByRole('button', { name: /wishlist/ })).toHaveLength(3);

    const alsoLike = await screen.findByRole('heading', { level: 2, name: 'You might also like' });
    expect(heading.compareDocumentPosition(alsoLike) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(cardNames('You might also like')).toEqual(['A related tap', 'Pop-up basin waste']);
  });

  it.each([
    ['the server has none', () => envelope({ products: [] }, 'Related products')],
    ['the call fails', () => failure(500, 'boom')],
  ])("leaves You'll also need out when %s, and You might also like whole", async (_case, answer) => {
    let asked = 0;
    server.use(
      http.get(`*/api/product/${ID}/related`, () => {
        asked += 1;
        return answer();
      }),
      ...productHandlers({ needed: [ALSO_LIKE[1]] }),
    );
    renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'You might also like' })).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(cardNames('You might also like')).toEqual(['A related tap', 'Pop-up basin waste']);
    expect(screen.queryByRole('heading', { name: "You'll also need" })).not.toBeInTheDocument();
  });

  it('keeps the quantity between 1 and 99', async () => {
    server.use(...productHandlers({ shown: product({ _id: ID, stock: 500 }) }));
    renderRoutes(routes, `/product/${ID}`);
    const group = await screen.findByRole('group', { name: 'Quantity' });
    const less = within(group).getByRole('button', { name: 'Decrease quantity' });
    const more = within(group).getByRole('button', { name: 'Increase quantity' });
    expect(less).toBeDisabled();
    fireEvent.click(more);
    expect(within(group).getByRole('spinbutton')).toHaveValue('2');
    for (let i = 0; i < 120; i++) fireEvent.click(more);
    expect(within(group).getByRole('spinbutton')).toHaveValue('99');
    expect(more).toBeDisabled();
  });

  it('keeps the quantity within the stock', async () => {
    server.use(...productHandlers({ shown: product({ _id: ID, stock: 3 }) }));
    renderRoutes(routes, `/product/${ID}`);
    const group = await screen.findByRole('group', { name: 'Quantity' });
    const more = within(group).getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 5; i++) fireEvent.click(more);
    expect(within(group).getByRole('spinbutton')).toHaveValue('3');
    expect(more).toBeDisabled();
  });

  it('shows a load error in red', async () => {
    server.use(
      http.get(`*/api/product/${ID}`, () => failure(404, 'Product not found')),
      http.get(`*/api/product/${ID}/related`, () => failure(404, 'Product not found')),
      ...catalogueHandlers,
    );
    renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });

  it('asks guests to log in to write a review, and says when there are none', async () => {
    server.use(...productHandlers());
    renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findByText('No reviews found for this product.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Please Login to Write a Review' })).toHaveAttribute('href', '/login');
  });

  it('shows review cards with stars, date, photos and the +N overlay', async () => {
    const images = Array.from({ length: 10 }, (_, i) => `reviews/x/${i + 1}.jpg`);
    server.use(...productHandlers({ reviews: [review({ images })], total: 17 }));
    renderRoutes(routes, `/product/${ID}`);
    const card = await screen.findByRole('article', { name: 'Review by Ada Lovelace' });
    expect(within(card).getByRole('img', { name: '4/5' })).toBeInTheDocument();
    expect(within(card).getByText('Mar 01, 2023')).toBeInTheDocument();
    expect(within(card).getByText('Customer')).toBeInTheDocument();
    expect(within(card).getAllByRole('img', { name: /Photo \d+ of the review/ })).toHaveLength(8);
    expect(within(card).getByText('+2')).toBeInTheDocument();
    expect(within(card).getByText(/Showing 8 of 10 images/)).toBeInTheDocument();
    expect(screen.getByText('All Reviews')).toHaveTextContent('All Reviews (17)');
    expect(screen.getByText('Showing 1 to 8 of 17 reviews')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Review pages' })).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Show all images' }));
    const dialog = await screen.findByRole('dialog', { name: 'All Images (10)' });
    expect(within(dialog).getAllByRole('img')).toHaveLength(10);
  });

  it('shows four skeleton cards, then the error when reviews fail', async () => {
    // The first matching handler answers: the failure goes first.
    server.use(http.get(`*/api/review/product/${ID}`, () => failure(500, 'boom')), ...productHandlers());
    renderRoutes(routes, `/product/${ID}`);
    expect(await screen.findAllByTestId('review-skeleton')).toHaveLength(4);
    expect(await screen.findByText('Failed to load reviews')).toBeInTheDocument();
  });

  it('lets a signed-in shopper write a review once the form is valid', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    let sent: FormData | null = null;
    let authorization: string | null = null;
    let stored: Review[] = [];
    server.use(
      http.get(`*/api/review/product/${ID}`, () => envelope({ reviews: stored, total: stored.length })),
      http.post('*/api/review', async ({ request }) => {
        authorization = request.headers.get('authorization');
        sent = await request.formData();
        stored = [review({ comment: String(sent.get('comment')) })];
        return HttpResponse.json({ success: true, message: 'Review created successfully', data: { review: stored[0] } }, { status: 201 });
      }),
      ...productHandlers(),
    );
    renderRoutes(routes, `/product/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write Review' });
    expect(within(dialog).getByText('Share your experience to help others make informed decisions.')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' });
    expect(submit).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: '5 stars' }));
    fireEvent.change(within(dialog).getByLabelText('Your review'), { target: { value: 'short' } });
    expect(within(dialog).getByTestId('comment-counter')).toHaveClass('text-red-600');
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Your review'), { target: { value: '  Great tap, easy to fit.  ' } });
    expect(within(dialog).getByTestId('comment-counter')).not.toHaveClass('text-red-600');
    // Node's File: the one fetch (undici) can stream into a multipart body; jsdom's it cannot.
    const photos = [
      new NodeFile(['a'], 'a.png', { type: 'image/png' }),
      new NodeFile(['b'], 'b.gif', { type: 'image/gif' }),
      new NodeFile(['c'], 'c.jpg', { type: 'image/jpeg' }),
    ];
    fireEvent.change(within(dialog).getByTestId('review-photos'), { target: { files: photos } });
    expect(within(dialog).getAllByRole('img')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove c.jpg' }));
    expect(within(dialog).getAllByRole('img')).toHaveLength(1);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Write Review' })).not.toBeInTheDocument());
    expect(authorization).toBe('Bearer token-123');
    expect(sent!.get('productId')).toBe(ID);
    expect(sent!.get('rating')).toBe('5');
    expect(sent!.get('comment')).toBe('Great tap, easy to fit.');
    expect(sent!.getAll('images')).toHaveLength(1);
    expect(await screen.findByText('Great tap, easy to fit.')).toBeInTheDocument();
  });
});
