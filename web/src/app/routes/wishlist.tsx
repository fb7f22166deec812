import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lineKey } from '@/features/cart';
import { WishlistCard } from '@/features/wishlist/components/wishlist-card';
import { useWishlist } from '@/features/wishlist/use-wishlist';
import { useDocumentTitle } from '@/lib/page-title';

/** The wishlist (spec §2): its cards, and 'Move All To Bag' for what is in stock. */
export function Component() {
  useDocumentTitle('Wishlist');
  const wishlist = useWishlist();
  const [removing, setRemoving] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState(false);
  const count = wishlist.items.length;

  const remove = async (id: string, run: () => Promise<void>) => {
    setRemoving((ids) => new Set(ids).add(id));
    try {
      await run();
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          Wishlist <span className="text-slate-500">({count})</span>
        </h1>
        <Button
          variant="outline"
          disabled={moving || !wishlist.items.some((item) => item.stock > 0)}
          onClick={async () => {
            setMoving(true);
            try {
              await wishlist.moveAllToBag();
            } finally {
              setMoving(false);
            }
          }}
        >
          <ShoppingBag className="h-4 w-4" aria-hidden="true" />
          {moving ? 'Moving...' : 'Move All To Bag'}
        </Button>
      </div>
      {wishlist.isLoading ? (
        <p role="status">Loading...</p>
      ) : wishlist.error ? (
        <p role="alert" className="text-red-600">
          Error: {wishlist.error.message}
        </p>
      ) : count === 0 ? (
        <p className="py-12 text-center text-lg text-slate-600">Your wishlist is empty</p>
      ) : (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {wishlist.items.map((item) => (
            <WishlistCard key={lineKey(item)} item={item} pending={removing.has(lineKey(item))} onRemove={() => remove(lineKey(item), () => wishlist.remove(item))} />
          ))}
        </div>
      )}
    </div>
  );
}
