import { ArrowRight } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSignedInUserId } from '@/features/auth';
import { useNeededWith } from '@/features/catalog/api/get-needed-products';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { CartLine } from '@/features/cart/components/cart-line';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { PromoCode } from '@/features/cart/components/promo-code';
import { quickAddAction } from '@/features/cart/components/quick-add';
import { cartTotals } from '@/features/cart/totals';
import { useCart } from '@/features/cart/use-cart';
import { lineKey, refOf } from '@/features/cart/line-ref';
import { usePromoQuote } from '@/features/checkout/use-promo-quote';
import { wishlistHeartAction } from '@/features/wishlist/components/wishlist-heart';
import { useDocumentTitle } from '@/lib/page-title';

/** The cart (spec §2): its lines, the Order Summary, a promo code and the way to checkout,
 * then what its lines' products go with ('You'll also need', docs/DESIGN.md §12). The
 * figures are worked out here; with a promo code applied they are the server's quote for
 * delivery (the cart does not know the mode yet, and shows delivery's fee). */
export function Component() {
  useDocumentTitle('Your cart');
  const cart = useCart();
  const navigate = useNavigate();
  const userId = useSignedInUserId();
  const items = cart.lines.map((line) => ({ ...refOf(line), quantity: line.quantity }));
  const { quote, promo } = usePromoQuote({ userId, fulfilment: 'delivery', items }, { onlyWithCode: true });
  const empty = cart.lines.length === 0;
  const ownTotals = cartTotals(cart.lines.map((line) => ({ unitPrice: line.discountedPrice, quantity: line.quantity })));
  const totals = promo.code !== null && !empty ? quote.data : ownTotals;
  const needed = useNeededWith(cart.lines.map((line) => line.productId));

  return (
    <div>
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Cart' }]} />
      <h1 className="mb-6 text-3xl font-bold">Your cart</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
        <div className="rounded-lg border border-slate-200 px-5">
          {cart.isLoading ? (
            <div role="status" aria-label="Loading cart" className="space-y-4 py-4">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-24 w-full" />
              ))}
            </div>
          ) : cart.error ? (
            <div role="alert" className="space-y-3 py-10 text-center">
              <p className="text-red-600">{cart.error.message}</p>
              <Button variant="outline" onClick={() => cart.retry()}>
                Try Again
              </Button>
            </div>
          ) : empty ? (
            <div className="py-12 text-center">
              <p className="text-lg font-semibold">Your cart is empty</p>
              <p className="mt-1 text-slate-600">Add items to your cart to see them here.</p>
            </div>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Cart items">
              {cart.lines.map((line) => (
                <CartLine key={lineKey(line)} item={line} onQuantity={(quantity) => cart.setQuantity(line, quantity)} onRemove={() => cart.remove(line)} />
              ))}
            </ul>
          )}
        </div>
        <OrderSummary totals={totals} promo={promo.code === null || empty ? null : { code: promo.code, onRemove: promo.remove }}>
          <PromoCode applied={promo.code !== null && !empty} refusal={promo.refusal} onApply={promo.apply} />
          <Button
            className="h-12 w-full rounded-full"
            disabled={empty || cart.isLoading}
            onClick={() => {
              if (empty) {
                toast.error('Your cart is empty');
                return;
              }
              navigate(paths.checkout);
            }}
          >
            Go to Checkout <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </OrderSummary>
      </div>
      {!empty && needed && needed.length > 0 && (
        <section aria-labelledby="needed-heading" className="mt-12 space-y-4">
          <h2 id="needed-heading" className="text-xl font-semibold">
            You'll also need
          </h2>
          <ProductGrid products={needed} action={wishlistHeartAction} buy={quickAddAction} />
        </section>
      )}
    </div>
  );
}
