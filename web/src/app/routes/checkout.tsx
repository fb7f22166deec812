import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { PromoCode } from '@/features/cart/components/promo-code';
import { useCart } from '@/features/cart/use-cart';
import { CheckoutForm } from '@/features/checkout/components/checkout-form';
import { CheckoutLines } from '@/features/checkout/components/checkout-lines';
import { useCheckout } from '@/features/checkout/use-checkout';
import { useDocumentTitle } from '@/lib/page-title';

/** Checkout (spec §2): pickup or delivery with the contact details each needs, the
 * server's Order Summary for the cart with the promo code applied in the cart or here,
 * the payment method, and the order. */
export function Component() {
  useDocumentTitle('Your CheckOut');
  const cart = useCart();
  const checkout = useCheckout(cart);
  const summary = (
    <OrderSummary
      totals={checkout.totals}
      promo={checkout.promo.code === null ? null : { code: checkout.promo.code, onRemove: checkout.promo.remove }}
      lines={<CheckoutLines lines={cart.lines} problems={checkout.problems} />}
      placeholder={
        checkout.quoteError ? (
          <div role="alert" className="space-y-2">
            <p className="text-red-600">{checkout.quoteError.message}</p>
            <Button variant="outline" size="sm" onClick={checkout.retryQuote}>
              Try Again
            </Button>
          </div>
        ) : checkout.delivery.refusal ? (
          <p>Your total shows once a delivery method can take the order.</p>
        ) : undefined
      }
    >
      <PromoCode applied={checkout.promo.code !== null} refusal={checkout.promo.refusal} onApply={checkout.promo.apply} />
    </OrderSummary>
  );
  return (
    <div>
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Cart', to: paths.cart }, { label: 'CheckOut' }]} />
      <h1 className="mb-6 text-3xl font-bold">Your CheckOut</h1>
      {/* The form, the Order Summary and the button that pays, in that order: one column
          on phones, the summary and the button on the right from lg up. */}
      <div className="grid gap-6 lg:grid-cols-[1fr_380px] lg:grid-rows-[auto_1fr] lg:items-start">
        <CheckoutForm
          cart={cart}
          mode={checkout.mode}
          onModeChange={checkout.setMode}
          delivery={checkout.delivery}
          onPlace={checkout.place}
          paymentError={checkout.paymentError}
          onPaymentChange={checkout.clearPaymentError}
          summary={summary}
        />
      </div>
    </div>
  );
}
