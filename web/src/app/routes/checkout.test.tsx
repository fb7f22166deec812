import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import { catalogueHandlers, envelope, failure, item, itemHandlers, product, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const VALVE = product({ _id: '1'.padStart(24, '0'), name: 'Brass Angle Valve', price: 12.5, discountedPrice: 12.5, stock: 3 });
const SHOWER = product({ _id: '2'.padStart(24, '0'), name: 'Rain Shower Head', price: 40, discountPercentage: 25, discountedPrice: 30, stock: 10 });

const NOTICE = 'Online ordering is coming soon. Your cart is saved and nothing has been charged.';
const REQUIRED = ['First name is required', 'Street address is required', 'Town/City is required', 'Phone number is required', 'Email is required'];

const store = () => useLocalStore.getState();
const summary = (which: 'subtotal' | 'discount' | 'delivery' | 'total') => screen.getByTestId(`summary-${which}`);
const submitButton = () => screen.getByRole('button', { name: 'Go to Checkout' });

/** Renders checkout with the valve (2) and the shower head (1) in the guest's cart, and
 * waits for the summary: 2 × 12.50 + 30 = 55, −11, +100 = 144. */
async function guestCheckout() {
  store().addToCart(VALVE._id, 2);
  store().addToCart(SHOWER._id, 1);
  renderRoutes(routes, '/checkout');
  await waitFor(() => expect(summary('subtotal')).toHaveTextContent('₹55.00'));
}

afterEach(resetStores);

describe('Checkout page', () => {
  beforeEach(() => server.use(...itemHandlers({ products: [VALVE, SHOWER] }), ...catalogueHandlers));

  it('starts on Pickup, with no contact form, and the cart’s real totals', async () => {
    await guestCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pickup' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Delivery' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('Contact Information')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/First Name/)).not.toBeInTheDocument();
    expect(screen.getByText('Discount (-20%)')).toBeInTheDocument();
    expect(summary('discount')).toHaveTextContent('-₹11.00');
    expect(summary('delivery')).toHaveTextContent('₹100.00');
    expect(summary('total')).toHaveTextContent('₹144.00');
    expect(screen.getByRole('radio', { name: /Bank/ })).toBeChecked();
    expect(submitButton()).toBeEnabled();
  });

  it('asks for each required contact field on a Delivery submit', async () => {
    const info = vi.spyOn(toast, 'info');
    await guestCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    expect(screen.getByRole('radio', { name: 'Delivery' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('group', { name: 'Contact Information' })).toBeInTheDocument();
    // A guest has nothing prefilled.
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('');
    fireEvent.click(submitButton());
    for (const message of REQUIRED) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveAttribute('aria-invalid', 'true');
    // The optional fields have no message.
    expect(screen.getByLabelText(/Company Name/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();
  });

  it('says ordering is coming soon once the delivery details are valid', async () => {
    const info = vi.spyOn(toast, 'info');
    await guestCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText(/Street Address/), { target: { value: '1 Harbour Road' } });
    fireEvent.change(screen.getByLabelText(/Town\/City/), { target: { value: 'Arlington' } });
    fireEvent.change(screen.getByLabelText(/Phone Number/), { target: { value: 'call me' } });
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'grace@example.com' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Phone Number/), { target: { value: '+15550100' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(NOTICE)).toHaveAttribute('role', 'status');
    expect(info).toHaveBeenCalledWith(NOTICE);
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    // Nothing is ordered: the cart stays as it was.
    expect(store().cart).toHaveLength(2);
  });

  it('says ordering is coming soon on a Pickup submit, without contact details', async () => {
    await guestCheckout();
    fireEvent.click(submitButton());
    expect(await screen.findByText(NOTICE)).toHaveAttribute('role', 'status');
  });

  it('disables the button when the cart is empty', async () => {
    renderRoutes(routes, '/checkout');
    expect(await screen.findByText(/Your cart is empty\./)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(summary('total')).toHaveTextContent('₹0.00');
    expect(summary('delivery')).toHaveTextContent('₹0.00');
  });

  it('says when the cart cannot be loaded, and tries again, instead of calling it empty', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/user/cart-detail', () => {
        calls += 1;
        return calls === 1 ? failure(500, 'Failed to fetch cart details') : envelope({ products: [item(VALVE, { quantity: 1 })] });
      }),
    );
    store().addToCart(VALVE._id, 2);
    renderRoutes(routes, '/checkout');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch cart details');
    expect(screen.queryByText(/Your cart is empty/)).not.toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(summary('subtotal')).toHaveTextContent('₹25.00'));
    expect(submitButton()).toBeEnabled();
  });
});

describe('Checkout page (signed in)', () => {
  it('prefills the contact details and totals the server cart', async () => {
    useAuth.getState().signIn(user({ fullName: 'Ada Lovelace', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' }), 'token-123');
    server.use(
      http.get('*/api/user/item', ({ request }) =>
        envelope(new URL(request.url).searchParams.get('type') === 'cart' ? [item(SHOWER, { _id: 'c1'.padStart(24, '0'), quantity: 3 })] : []),
      ),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/checkout');
    // 3 × 30 = 90, −18, +100 = 172.
    await waitFor(() => expect(summary('subtotal')).toHaveTextContent('₹90.00'));
    expect(summary('discount')).toHaveTextContent('-₹18.00');
    expect(summary('total')).toHaveTextContent('₹172.00');
    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    const contact = screen.getByRole('group', { name: 'Contact Information' });
    expect(within(contact).getByLabelText(/Email Address/)).toHaveValue('ada@example.com');
    expect(within(contact).getByLabelText(/First Name/)).toHaveValue('Ada');
    expect(within(contact).getByLabelText(/Phone Number/)).toHaveValue('+447700900123');
    expect(within(contact).getByLabelText(/Street Address/)).toHaveValue('');
  });
});
