import { Heart } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useWishlistHeart } from '../use-wishlist';

/** The heart on cards: adds the product to the wishlist or takes it off, flipping at
 * once (spec §4). */
export function WishlistHeart({ productId, className }: { productId: string; className?: string }) {
  const { has, toggle } = useWishlistHeart();
  const on = has(productId);
  return (
    <button
      type="button"
      aria-label={on ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={on}
      onClick={() => toggle(productId)}
      className={cn(
        'flex h-11 w-11 items-center justify-center rounded-full bg-white/90 md:h-9 md:w-9 shadow-sm transition-colors hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand',
        className,
      )}
    >
      <Heart className={on ? 'h-5 w-5 fill-red-500 text-red-500' : 'h-5 w-5 text-slate-700'} aria-hidden="true" />
    </button>
  );
}

/** The grid's card action: a heart per product. */
export const wishlistHeartAction = (product: { _id: string }) => <WishlistHeart productId={product._id} />;
