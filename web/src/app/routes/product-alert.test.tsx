import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/app/router';
import type { ProductDetail, Variant } from '@/features/catalog';
import { useAuth } from '@/features/auth/store';
import { resetStores, renderRoutes } from '@/testing/render';
import { catalogueHandlers, envelope, failure, product, server, unexpected, user } from '@/testing/server';

// 'Email me when it is back' on a sold-out variant (docs/DESIGN.md §12).
const ID = '0123456789abcdef01234567';
const ASKED = 'We will e-mail you when it is back';

function variant(size: string, stock: number, position: number): Variant {
  const id = size.replace(/ /g, '').toLowerCase();
  return { _id: id, sku: `CF-${id.toUpperCase()}`, options: { Size: size }, price: 3, discountPercentage: 0, discountedPrice: 3 + position, stock, weightGrams: 40, image: null, position, priceBreaks: [] };
}

// 15 mm is in stock; 22 mm and 28 mm are sold out.
const ELBOW: ProductDetail = {
  ...product({ _id: ID, name: 'Compression elbow', price: 3, discountedPrice: 3, stock: 10 }),
  options: [{ name: 'Size', values: ['15 mm', '22 mm', '28 mm'] }],
  variants: [variant('15 mm', 10, 0), variant('22 mm', 0, 1), variant('28 mm', 0, 2)],
  unit: 'each',
  packSize: null,
  minQuantity: 1,
  quantityStep: 1,
  priceRange: { min: 3, max: 5 },
};

function handlers(shown: unknown) {
  return [
    http.get(`*/api/product/${ID}`, () => envelope({ product: shown })),
    http.get('*/api/product', () => envelope({ products: [], total: 0, page: 1, perPage: 4 })),
    http.get(`*/api/review/product/${ID}`, () => envelope({ reviews: [], total: 0 })),
    http.get('*/api/user/item', () => envelope([])),
    ...catalogueHandlers,
  ];
}

/** POST /product/{id}/alert answering `answer`, keeping each body it was sent. */
function alertHandler(answer: () => Response = () => HttpResponse.json({ success: true, message: ASKED, data: {} }, { status: 201 })) {
  const bodies: unknown[] = [];
  const handler = http.post(`*/api/product/${ID}/alert`, async ({ request }) => {
    bodies.push(await request.json());
    return answer();
  });
  return { bodies, handler };
}

const size = (value: RegExp) => within(screen.getByRole('group', { name: /^Size/ })).getByRole('radio', { name: value });
const alertForm = () => screen.queryByRole('form', { name: 'Email me when it is back' });
const email = () => within(alertForm()!).getByLabelText('Email Address');
const ask = () => within(alertForm()!).getByRole('button', { name: 'Email me when it is back' });
/** The error an input shows, through its aria-describedby. */
const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('Back-in-stock alert on the product page', () => {
  afterEach(resetStores);

  it('is offered only for a sold-out variant, and sends the address and the chosen variant', async () => {
    const alert = alertHandler();
    server.use(...handlers(ELBOW), alert.handler);
    renderRoutes(routes, `/product/${ID}?variant=15mm`);
    expect(await screen.findByText('CF-15MM')).toBeInTheDocument();
    expect(alertForm()).not.toBeInTheDocument();

    fireEvent.click(size(/22 mm/));
    expect(await screen.findByText('CF-22MM')).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(alertForm()).toBeInTheDocument();
    fireEvent.change(email(), { target: { value: ' grace@example.com ' } });
    fireEvent.click(ask());

    expect(await screen.findByRole('status')).toHaveTextContent(ASKED);
    // The sentence takes the form's place, and the keyboard's with it.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(alertForm()).not.toBeInTheDocument();
    expect(alert.bodies).toEqual([{ emailAddress: 'grace@example.com', variantId: '22mm' }]);

    // Back in stock, the offer goes; another sold-out variant's starts afresh.
    fireEvent.click(size(/15 mm/));
    await screen.findByText('CF-15MM');
    expect(alertForm()).not.toBeInTheDocument();
    fireEvent.click(size(/28 mm/));
    await screen.findByText('CF-28MM');
    expect(screen.queryByText(ASKED)).not.toBeInTheDocument();
    expect(email()).toHaveValue('');
  });

  it('starts afresh when another sold-out variant is chosen straight after', async () => {
    const alert = alertHandler();
    server.use(...handlers(ELBOW), alert.handler);
    renderRoutes(routes, `/product/${ID}?variant=22mm`);
    await screen.findByText('CF-22MM');
    fireEvent.change(email(), { target: { value: 'grace@example.com' } });
    fireEvent.click(ask());
    await screen.findByText(ASKED);
    fireEvent.click(size(/28 mm/));
    await screen.findByText('CF-28MM');
    expect(screen.queryByText(ASKED)).not.toBeInTheDocument();
    fireEvent.change(email(), { target: { value: 'grace@example.com' } });
    fireEvent.click(ask());
    await screen.findByText(ASKED);
    expect(alert.bodies).toEqual([
      { emailAddress: 'grace@example.com', variantId: '22mm' },
      { emailAddress: 'grace@example.com', variantId: '28mm' },
    ]);
  });

  it('starts from the signed-in shopper’s address, and names no variant for a product whose answer names none', async () => {
    useAuth.getState().signIn(user(), 'token');
    const alert = alertHandler(() => HttpResponse.json({ success: true, message: ASKED, data: {} }, { status: 200 }));
    server.use(...handlers(product({ _id: ID, stock: 0 })), alert.handler);
    renderRoutes(routes, `/product/${ID}`);
    await screen.findByText('Out of Stock');
    expect(email()).toHaveValue('ada@example.com');
    fireEvent.click(ask());
    // Signed in, the page has other live regions (the lists loading): this one is the alert's.
    expect(await screen.findByText(ASKED)).toHaveAttribute('role', 'status');
    expect(alert.bodies).toEqual([{ emailAddress: 'ada@example.com' }]);
  });

  it('asks for an address before sending', async () => {
    const post = unexpected('post', `*/api/product/${ID}/alert`);
    server.use(...handlers(ELBOW), post.handler);
    renderRoutes(routes, `/product/${ID}?variant=22mm`);
    await screen.findByText('CF-22MM');
    fireEvent.click(ask());
    await waitFor(() => expect(errorOf(email())).toBe('Email is required'));
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the address under it', async () => {
    const alert = alertHandler(() =>
      HttpResponse.json({ success: false, message: 'Please enter a valid email address.', errors: { emailAddress: 'Please enter a valid email address.' } }, { status: 400 }),
    );
    server.use(...handlers(ELBOW), alert.handler);
    renderRoutes(routes, `/product/${ID}?variant=22mm`);
    await screen.findByText('CF-22MM');
    fireEvent.change(email(), { target: { value: 'grace@example.invalid' } });
    fireEvent.click(ask());
    await waitFor(() => expect(errorOf(email())).toBe('Please enter a valid email address.'));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(alert.bodies).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    [429, 'Too many alerts for this address'],
    [409, 'This is in stock'],
    [404, 'Product not found'],
  ])('says the server’s words for a %i', async (status, message) => {
    server.use(...handlers(ELBOW), alertHandler(() => failure(status, message)).handler);
    renderRoutes(routes, `/product/${ID}?variant=22mm`);
    await screen.findByText('CF-22MM');
    fireEvent.change(email(), { target: { value: 'grace@example.com' } });
    fireEvent.click(ask());
    expect(await within(alertForm()!).findByRole('alert')).toHaveTextContent(message);
    expect(errorOf(email())).toBe('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
