import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@/api/types';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { hasSeveralVariants, type ListedProduct } from '@/features/catalog';
import { useAddToCart } from '../use-cart';

/** A card's 'Add' (docs/DESIGN.md §15): one of the product into the cart, by the cart's own
 * rules (stock, at most 99 of one item), said as Add to Cart says it. Only for a product
 * with one variant: for one with several, 'Choose' opens the product page's picker
 * (docs/DESIGN.md §9). Out of stock it is a disabled 'Out of stock'. Busy, it stays
 * focusable (aria-disabled), as Add to Cart does, and keeps its name, 'Add {name} to
 * cart', which names the product where 'Add' alone would not. */
export function QuickAdd({ product }: { product: Product & ListedProduct }) {
  const addToCart = useAddToCart();
  const [adding, setAdding] = useState(false);
  const className = 'h-11 w-full md:h-9';
  if (hasSeveralVariants(product)) {
    return (
      <Button asChild variant="outline" className={className}>
        <Link to={paths.product(product._id)} aria-label={`Choose options for ${product.name}`}>
          Choose
        </Link>
      </Button>
    );
  }
  if (product.stock <= 0) {
    return (
      <Button variant="outline" disabled aria-label={`${product.name} is out of stock`} className={className}>
        Out of stock
      </Button>
    );
  }
  const add = async () => {
    if (adding) return;
    setAdding(true);
    try {
      await addToCart(product, 1);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Button
      variant="outline"
      onClick={add}
      aria-disabled={adding || undefined}
      aria-label={`Add ${product.name} to cart`}
      className={`${className} aria-disabled:opacity-50`}
    >
      {adding ? 'Adding...' : 'Add'}
    </Button>
  );
}

/** The grid's `buy` part: 'Add' on every card. */
export const quickAddAction = (product: Product) => <QuickAdd product={product} />;
