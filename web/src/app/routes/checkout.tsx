import { Breadcrumb } from '@/components/ui/breadcrumb';
import { paths } from '@/config/paths';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { PromoCode } from '@/features/cart/components/promo-code';
import { cartTotals } from '@/features/cart/totals';
import { useCart } from '@/features/cart/use-cart';
import { CheckoutForm } from '@/features/checkout/components/checkout-form';

/** Checkout (spec §2): pickup or delivery, contact details for delivery, the cart's real
 * Order Summary, a promo code and the payment method. */
export function Component() {
  const cart = useCart();
  const totals = cartTotals(cart.lines.map((line) => ({ unitPrice: line.discountedPrice, quantity: line.quantity })));
  return (
    <div>
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Cart', to: paths.cart }, { label: 'CheckOut' }]} />
      <h1 className="mb-6 text-3xl font-bold">Your CheckOut</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
        <CheckoutForm cart={cart} />
        <OrderSummary totals={totals}>
          <PromoCode />
        </OrderSummary>
      </div>
    </div>
  );
}
