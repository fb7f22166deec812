import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import type { Item, Product } from '@/api/types';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import { type PromoCodes, type QuoteAsked, quoteHandler } from '@/testing/orders';
import { catalogueHandlers, envelope, failure, item, itemHandlers, ONE_VARIANT, product, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const VALVE = product({ _id: '1'.padStart(24, '0'), name: 'Brass Angle Valve', size: '1/2 inch', color: 'Brass', price: 12.5, discountedPrice: 12.5, stock: 3 });
const SHOWER = product({ _id: '2'.padStart(24, '0'), name: 'Rain Shower Head', size: 'Large', color: 'Matte Black', price: 40, discountPercentage: 25, discountedPrice: 30, stock: 10 });

const store = () => useLocalStore.getState();
const line = (name: string) => screen.getByRole('listitem', { name });
const stepper = (name: string) => within(line(name)).getByRole('group', { name: `Quantity of ${name}` });
const quantity = (name: string) => within(stepper(name)).getByRole('spinbutton', { name: `Quantity of ${name}` });
const summary = (which: 'subtotal' | 'discount' | 'promo' | 'delivery' | 'total') => screen.getByTestId(`summary-${which}`);

/** Puts the valve (2) and the shower head (1) in the guest's browser cart. */
function guestCart() {
  store().addToCart({ productId: VALVE._id }, 2);
  store().addToCart({ productId: SHOWER._id }, 1);
}

// The route and the layout load before the first wait, so a cold transform of the chunk
// (which now brings checkout's quote) does not time the first test out.
beforeAll(() => Promise.all([import('@/app/routes/cart'), import('@/app/layouts/main-layout')]));
// Nothing to go with the lines unless a test says otherwise (its handlers go first).
beforeEach(() => server.use(neededHandler({})));
afterEach(resetStores);

/** GET /product/{id}/related: `needed[id]` (none for other products), with the ids asked for. */
function neededHandler(needed: Record<string, Product[]>, asked: string[] = []) {
  return http.get('*/api/product/:id/related', ({ params }) => {
    asked.push(String(params.id));
    return envelope({ products: needed[String(params.id)] ?? [] }, 'Related products');
  });
}

/** The names on the cards under 'You'll also need', in order. */
const neededNames = () =>
  within(screen.getByRole('region', { name: "You'll also need" }))
    .getAllByRole('heading', { level: 3 })
    .map((card) => card.textContent);

/** Products to go with the cart's: `Fitting 1` … `Fitting n`. */
const fittings = (n: number) => Array.from({ length: n }, (_, i) => product({ _id: `f${i + 1}`.padStart(24, '0'), name: `Fitting ${i + 1}` }));

describe('Cart page (guest)', () => {
  beforeEach(() => server.use(...itemHandlers({ products: [VALVE, SHOWER] }), ...catalogueHandlers));

  it('shows each line with its details and the Order Summary', async () => {
    guestCart();
    renderRoutes(routes, '/cart');
    const valve = await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    expect(within(valve).getByText('Size: 1/2 inch')).toBeInTheDocument();
    expect(within(valve).getByText('Color: Brass')).toBeInTheDocument();
    expect(within(valve).getByTestId('unit-price')).toHaveTextContent('₹12.50');
    expect(within(valve).getByTestId('line-total')).toHaveTextContent('(₹25.00)');
    expect(quantity('Brass Angle Valve')).toHaveValue('2');

    const shower = line('Rain Shower Head');
    expect(within(shower).getByText('Size: Large')).toBeInTheDocument();
    expect(within(shower).getByText('Color: Matte Black')).toBeInTheDocument();
    // The discounted price is the one paid; a single unit has no bracketed total.
    expect(within(shower).getByTestId('unit-price')).toHaveTextContent('₹30.00');
    expect(within(shower).queryByTestId('line-total')).not.toBeInTheDocument();

    // 2 × 12.50 + 30 = 55; 20 % off = 11; + 100 delivery = 144.
    expect(screen.getByText('Discount (-20%)')).toBeInTheDocument();
    expect(summary('subtotal')).toHaveTextContent('₹55.00');
    expect(summary('discount')).toHaveTextContent('-₹11.00');
    expect(summary('delivery')).toHaveTextContent('₹100.00');
    expect(summary('total')).toHaveTextContent('₹144.00');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it("shows what goes with the lines' products: in their order, without the cart's own, each once, at most 8", async () => {
    const [f1, f2, f3, f4, f5, f6, f7, f8, f9] = fittings(9);
    const asked: string[] = [];
    // The valve's first; the shower head, already in the cart, and f2 twice are left out.
    server.use(neededHandler({ [VALVE._id]: [f1, SHOWER, f2, f3], [SHOWER._id]: [f2, VALVE, f4, f5, f6, f7, f8, f9] }, asked));
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('region', { name: "You'll also need" });
    expect(neededNames()).toEqual(['Fitting 1', 'Fitting 2', 'Fitting 3', 'Fitting 4', 'Fitting 5', 'Fitting 6', 'Fitting 7', 'Fitting 8']);
    expect(asked.toSorted()).toEqual([VALVE._id, SHOWER._id].toSorted());
    const section = screen.getByRole('region', { name: "You'll also need" });
    expect(within(section).getByRole('button', { name: 'Add Fitting 1 to cart' })).toBeInTheDocument();
    expect(within(section).queryByText('Rain Shower Head')).not.toBeInTheDocument();

    // A line removed: its product may show, and what only it brought goes.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rain Shower Head' }));
    await waitFor(() => expect(neededNames()).toEqual(['Fitting 1', 'Rain Shower Head', 'Fitting 2', 'Fitting 3']));
  });

  it("asks about the first 5 of the cart's products only", async () => {
    const products = Array.from({ length: 6 }, (_, i) => product({ _id: `p${i + 1}`.padStart(24, '0'), name: `Product ${i + 1}`, stock: 10 }));
    const [f1, f2] = fittings(2);
    const asked: string[] = [];
    server.use(...itemHandlers({ products }), neededHandler({ [products[4]._id]: [f1], [products[5]._id]: [f2] }, asked));
    products.forEach((p) => store().addToCart({ productId: p._id }, 1));
    renderRoutes(routes, '/cart');
    await screen.findByRole('region', { name: "You'll also need" });
    expect(neededNames()).toEqual(['Fitting 1']);
    expect(asked.toSorted()).toEqual(products.slice(0, 5).map((p) => p._id).toSorted());
  });

  it("shows no You'll also need when nothing goes with the lines, or the cart is empty", async () => {
    const asked: string[] = [];
    server.use(neededHandler({ [VALVE._id]: [SHOWER] }, asked));
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    await waitFor(() => expect(asked).toHaveLength(2));
    // The valve's one product is in the cart already: the section never comes.
    await expect(screen.findByRole('region', { name: "You'll also need" }, { timeout: 300 })).rejects.toThrow();
    resetStores();

    asked.length = 0;
    renderRoutes(routes, '/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(screen.queryByRole('heading', { name: "You'll also need" })).not.toBeInTheDocument();
  });

  it('goes to checkout from a cart with items', async () => {
    server.use(quoteHandler([VALVE, SHOWER]));
    guestCart();
    const { router } = renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    // Checkout asks the server for pickup's figures: no delivery fee.
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('₹44.00'));
  });

  it('changes quantities within 1 and the stock, in the store and the summary', async () => {
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });

    // The shower head is at 1: it cannot go lower.
    expect(within(stepper('Rain Shower Head')).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

    // The valve's stock is 3: one more reaches it.
    const more = within(stepper('Brass Angle Valve')).getByRole('button', { name: 'Increase quantity' });
    expect(more).toBeEnabled();
    fireEvent.click(more);
    expect(quantity('Brass Angle Valve')).toHaveValue('3');
    expect(more).toBeDisabled();
    expect(store().cart).toContainEqual({ productId: VALVE._id, quantity: 3 });
    expect(within(line('Brass Angle Valve')).getByTestId('line-total')).toHaveTextContent('(₹37.50)');
    // 3 × 12.50 + 30 = 67.50; −13.50; +100 = 154.
    expect(summary('subtotal')).toHaveTextContent('₹67.50');
    expect(summary('discount')).toHaveTextContent('-₹13.50');
    expect(summary('total')).toHaveTextContent('₹154.00');
    expect(screen.getByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();

    const less = within(stepper('Brass Angle Valve')).getByRole('button', { name: 'Decrease quantity' });
    fireEvent.click(less);
    fireEvent.click(less);
    expect(quantity('Brass Angle Valve')).toHaveValue('1');
    expect(less).toBeDisabled();
    expect(store().cart).toContainEqual({ productId: VALVE._id, quantity: 1 });
    expect(within(line('Brass Angle Valve')).queryByTestId('line-total')).not.toBeInTheDocument();
    expect(summary('subtotal')).toHaveTextContent('₹42.50');
  });

  it('removes a line and its store entry', async () => {
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Brass Angle Valve' }));
    expect(screen.queryByRole('listitem', { name: 'Brass Angle Valve' })).not.toBeInTheDocument();
    expect(line('Rain Shower Head')).toBeInTheDocument();
    expect(store().cart).toEqual([{ productId: SHOWER._id, quantity: 1 }]);
    expect(summary('subtotal')).toHaveTextContent('₹30.00');
    expect(summary('total')).toHaveTextContent('₹124.00');
  });

  it('says when the cart is empty, with no delivery fee and no way to checkout', async () => {
    renderRoutes(routes, '/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Add items to your cart to see them here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Checkout' })).toBeDisabled();
    expect(summary('subtotal')).toHaveTextContent('₹0.00');
    expect(summary('delivery')).toHaveTextContent('₹0.00');
    expect(summary('total')).toHaveTextContent('₹0.00');
  });

  it('shows a failed load with Try Again, which loads the cart again', async () => {
    // Only the first call fails; the next falls through to the healthy handler.
    server.use(http.post('*/api/user/cart-detail', () => failure(500, 'Cart details are unavailable'), { once: true }));
    guestCart();
    renderRoutes(routes, '/cart');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cart details are unavailable');
    expect(screen.queryByRole('listitem', { name: 'Brass Angle Valve' })).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('listitem', { name: 'Brass Angle Valve' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(summary('subtotal')).toHaveTextContent('₹55.00');
  });

  it('drops a product that no longer exists from the browser store', async () => {
    const GONE = '9'.padStart(24, '0');
    store().addToCart({ productId: GONE }, 4);
    store().addToCart({ productId: VALVE._id }, 1);
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    await waitFor(() => expect(store().cart).toEqual([{ productId: VALVE._id, quantity: 1 }]));
    expect(within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });
});

/** The reasons the server gives for a code that does not apply (docs/API.md). */
const PROMO_REFUSALS = [
  'This promo code is not valid',
  'This promo code is not active yet',
  'This promo code has expired',
  'This promo code has been used up',
  'Spend at least ₹500.00 to use this promo code',
  'You have already used this promo code',
];

describe('Cart page promo code (guest)', () => {
  beforeEach(() => server.use(...itemHandlers({ products: [VALVE, SHOWER] }), ...catalogueHandlers));

  const box = () => screen.getByRole('textbox', { name: 'Promo code' });
  const applyCode = (code: string) => {
    fireEvent.change(box(), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  };

  it('blocks a blank code without asking the server', async () => {
    const asked: QuoteAsked = [];
    server.use(quoteHandler([VALVE, SHOWER], { asked }));
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(apply).toBeDisabled();
    fireEvent.submit(box());
    fireEvent.change(box(), { target: { value: 'SAVE10' } });
    expect(apply).toBeEnabled();
    expect(asked).toEqual([]);
  });

  it('applies a code the server takes: its line, the amount off and the new total, until removed', async () => {
    const asked: QuoteAsked = [];
    server.use(quoteHandler([VALVE, SHOWER], { asked, promoCodes: { SAVE10: 10 } }));
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    applyCode(' save10 ');

    // 55 − 11 = 44 of goods; 10 % of them is 4.40; + 100 delivery = 139.60.
    expect(await screen.findByText('Promo code SAVE10')).toBeInTheDocument();
    expect(summary('promo')).toHaveTextContent('-₹4.40');
    expect(summary('subtotal')).toHaveTextContent('₹55.00');
    expect(summary('discount')).toHaveTextContent('-₹11.00');
    expect(summary('total')).toHaveTextContent('₹139.60');
    // The cart asks for delivery's figures, with the guest's lines and the code as the server keeps it.
    expect(asked[0]).toEqual({ fulfilment: 'delivery', items: [{ productId: VALVE._id, quantity: 2, variantId: ONE_VARIANT }, { productId: SHOWER._id, quantity: 1, variantId: ONE_VARIANT }], promoCode: 'SAVE10' });
    // One code per order: the box makes way for the code's line.
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove promo code SAVE10' }));
    expect(screen.queryByText('Promo code SAVE10')).not.toBeInTheDocument();
    expect(summary('total')).toHaveTextContent('₹144.00');
    expect(box()).toHaveValue('');
  });

  it.each(PROMO_REFUSALS)("shows the server's reason: %s", async (reason) => {
    server.use(quoteHandler([VALVE, SHOWER], { promoCodes: { OLD: reason } }));
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    applyCode(reason === PROMO_REFUSALS[0] ? 'NOPE' : 'old');
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(box()).toHaveAccessibleDescription(reason);
    expect(box()).toHaveValue(reason === PROMO_REFUSALS[0] ? 'NOPE' : 'old');
    expect(screen.queryByTestId('summary-promo')).not.toBeInTheDocument();
    expect(summary('total')).toHaveTextContent('₹144.00');
  });

  it("says 'Failed to apply promo code' when the server's answer has no message", async () => {
    server.use(http.post('*/api/order/quote', () => new Response('Bad gateway', { status: 502 })));
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    applyCode('SAVE10');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to apply promo code');
  });

  it('drops the code, saying why, when a changed cart no longer meets it', async () => {
    const promoCodes: PromoCodes = { BIG: 10 };
    server.use(quoteHandler([VALVE, SHOWER], { promoCodes }));
    guestCart();
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    applyCode('BIG');
    expect(await screen.findByText('Promo code BIG')).toBeInTheDocument();

    promoCodes.BIG = 'Spend at least ₹50.00 to use this promo code';
    fireEvent.click(within(stepper('Brass Angle Valve')).getByRole('button', { name: 'Decrease quantity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Spend at least ₹50.00 to use this promo code');
    expect(screen.queryByText('Promo code BIG')).not.toBeInTheDocument();
    // 12.50 + 30 = 42.50; 20 % off = 8.50; + 100 = 134.
    expect(summary('total')).toHaveTextContent('₹134.00');
  });

  it('carries the applied code to checkout, priced for pickup', async () => {
    const asked: QuoteAsked = [];
    server.use(quoteHandler([VALVE, SHOWER], { asked, promoCodes: { SAVE10: 10 } }));
    guestCart();
    const { router } = renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    applyCode('SAVE10');
    expect(await screen.findByText('Promo code SAVE10')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    // 44 of goods − 4.40, no delivery fee for pickup.
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹39.60'));
    expect(screen.getByText('Promo code SAVE10')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ fulfilment: 'pickup', promoCode: 'SAVE10' });
  });
});

/** The server's cart of a signed-in shopper: a list that PATCH and DELETE change, with
 * what they were sent. `patch` may answer instead (say, a refusal). */
function serverCart(initial: Item[], patch?: () => Response | Promise<Response>) {
  const sent = { patches: [] as { url: string; body: unknown }[], deletes: [] as string[], authorization: [] as (string | null)[] };
  let items = initial;
  const handlers = [
    http.get('*/api/user/item', ({ request }) => {
      sent.authorization.push(request.headers.get('authorization'));
      return envelope(new URL(request.url).searchParams.get('type') === 'cart' ? items : []);
    }),
    http.patch('*/api/user/item/:id', async ({ request, params }) => {
      const body = (await request.json()) as { quantity: number };
      sent.patches.push({ url: request.url, body });
      if (patch) return patch();
      items = items.map((i) => (i._id === params.id ? { ...i, quantity: body.quantity } : i));
      return envelope(items.find((i) => i._id === params.id), 'Cart updated successfully');
    }),
    http.delete('*/api/user/item/:id', ({ request, params }) => {
      sent.deletes.push(request.url);
      items = items.filter((i) => i._id !== params.id);
      return envelope(null, 'Item removed from cart');
    }),
  ];
  return { handlers, sent };
}

describe('Cart page (signed in)', () => {
  // The entries' ids differ from the products': changes must address the entry.
  const valveLine = item(VALVE, { _id: 'c1'.padStart(24, '0'), quantity: 1 });
  const showerLine = item(SHOWER, { _id: 'c2'.padStart(24, '0'), quantity: 2 });

  beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));

  it('shows the server cart and saves a new quantity with PATCH', async () => {
    const { handlers, sent } = serverCart([valveLine, showerLine]);
    server.use(...handlers, ...catalogueHandlers);
    renderRoutes(routes, '/cart');
    const valve = await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    expect(within(valve).getByText('Size: 1/2 inch')).toBeInTheDocument();
    expect(within(line('Rain Shower Head')).getByTestId('line-total')).toHaveTextContent('(₹60.00)');
    // 12.50 + 2 × 30 = 72.50; −14.50; +100 = 158.
    expect(summary('total')).toHaveTextContent('₹158.00');
    expect(sent.authorization).toContain('Bearer token-123');

    fireEvent.click(within(stepper('Brass Angle Valve')).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(quantity('Brass Angle Valve')).toHaveValue('2'));
    await waitFor(() => expect(sent.patches).toHaveLength(1));
    expect(new URL(sent.patches[0].url).pathname).toBe(`/api/user/item/${valveLine._id}`);
    expect(sent.patches[0].body).toEqual({ quantity: 2 });
    expect(summary('subtotal')).toHaveTextContent('₹85.00');
    // The refetched list agrees with the change.
    await waitFor(() => expect(quantity('Brass Angle Valve')).toHaveValue('2'));
    expect(store().cart).toEqual([]);
  });

  it("shows what goes with the server cart's products, asked by product, not by entry", async () => {
    const [f1, f2] = fittings(2);
    const asked: string[] = [];
    const { handlers } = serverCart([valveLine, showerLine]);
    server.use(...handlers, neededHandler({ [VALVE._id]: [f1], [SHOWER._id]: [VALVE, f2] }, asked), ...catalogueHandlers);
    renderRoutes(routes, '/cart');
    await screen.findByRole('region', { name: "You'll also need" });
    expect(neededNames()).toEqual(['Fitting 1', 'Fitting 2']);
    expect(asked.toSorted()).toEqual([VALVE._id, SHOWER._id].toSorted());
  });

  it("shows a trade customer's unit price beside the public one struck, and totals theirs", async () => {
    // The server prices a trade customer's line at its quantity; `listPrice` is the public price.
    const { handlers } = serverCart([item(VALVE, { _id: valveLine._id, quantity: 2, discountedPrice: 11, listPrice: 12.5 }), showerLine]);
    server.use(...handlers, ...catalogueHandlers);
    renderRoutes(routes, '/cart');
    const valve = await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    expect(within(valve).getByTestId('unit-price')).toHaveTextContent('₹11.00');
    const list = within(valve).getByText('₹12.50');
    expect(list.tagName).toBe('S');
    expect(list).toHaveTextContent('List price ₹12.50');
    expect(within(valve).getByTestId('line-total')).toHaveTextContent('(₹22.00)');
    expect(within(line('Rain Shower Head')).queryByText(/List price/)).not.toBeInTheDocument();
    // 2 × 11 + 2 × 30 = 82.
    expect(summary('subtotal')).toHaveTextContent('₹82.00');
  });

  it('puts the quantity back and shows the server message when PATCH is refused', async () => {
    const error = vi.spyOn(toast, 'error');
    let refuse!: (response: Response) => void;
    const answer = new Promise<Response>((resolve) => (refuse = resolve));
    const { handlers, sent } = serverCart([valveLine, showerLine], () => answer);
    server.use(...handlers, ...catalogueHandlers);
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Rain Shower Head' });

    fireEvent.click(within(stepper('Rain Shower Head')).getByRole('button', { name: 'Increase quantity' }));
    // Shown before the server answers (the PATCH is held until `refuse`).
    await waitFor(() => expect(quantity('Rain Shower Head')).toHaveValue('3'));
    await waitFor(() => expect(sent.patches).toHaveLength(1));
    expect(error).not.toHaveBeenCalled();
    expect(sent.patches[0].body).toEqual({ quantity: 3 });

    refuse(failure(409, 'Only 2 left in stock'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Only 2 left in stock'));
    await waitFor(() => expect(quantity('Rain Shower Head')).toHaveValue('2'));
    expect(within(line('Rain Shower Head')).getByTestId('line-total')).toHaveTextContent('(₹60.00)');
    expect(summary('total')).toHaveTextContent('₹158.00');
  });

  it('removes a line with DELETE ?type=cart', async () => {
    const { handlers, sent } = serverCart([valveLine, showerLine]);
    server.use(...handlers, ...catalogueHandlers);
    renderRoutes(routes, '/cart');
    await screen.findByRole('listitem', { name: 'Brass Angle Valve' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rain Shower Head' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Rain Shower Head' })).not.toBeInTheDocument());
    await waitFor(() => expect(sent.deletes).toHaveLength(1));
    const url = new URL(sent.deletes[0]);
    expect(url.pathname).toBe(`/api/user/item/${showerLine._id}`);
    expect(url.searchParams.get('type')).toBe('cart');
    expect(summary('subtotal')).toHaveTextContent('₹12.50');
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });
});
