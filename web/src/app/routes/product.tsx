import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useNeededProducts } from '@/features/catalog/api/get-needed-products';
import { useProduct } from '@/features/catalog/api/get-product';
import { useRelatedProducts } from '@/features/catalog/api/get-related-products';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { useAddToCart } from '@/features/cart/use-cart';
import { ProductInfo } from '@/features/catalog/components/product-info';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { quickAddAction } from '@/features/cart/components/quick-add';
import { wishlistHeartAction } from '@/features/wishlist/components/wishlist-heart';
import { useWishlistHeart } from '@/features/wishlist/use-wishlist';
import { useChosenVariant } from '@/features/catalog/use-chosen-variant';
import { hasRealVariants, readVariants } from '@/features/catalog/variant-types';
import { useDocumentTitle } from '@/lib/page-title';

/** A product (spec §2): gallery and details, its reviews, then what goes with it ('You'll
 * also need', docs/DESIGN.md §12: staff's links, else the sub-category's best sellers)
 * and the spec's three related products ('You might also like', which may show one of
 * them again: the spec's section keeps its three). The
 * variant shown is the URL's (docs/DESIGN.md §9): its image, price, stock and SKU, and it
 * is what goes in the cart and on the wishlist. */
export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  useDocumentTitle(product.data?.name);
  const detail = useMemo(() => (product.data ? readVariants(product.data) : undefined), [product.data]);
  const { variant, choose } = useChosenVariant(detail);
  // Named only when the server named variants (a server before them knows no variant ids).
  const variantId = product.data && hasRealVariants(product.data) ? variant?._id : undefined;
  const needed = useNeededProducts(id);
  const related = useRelatedProducts(product.data);
  const addToCart = useAddToCart();
  const wishlist = useWishlistHeart();
  return (
    <div className="space-y-12">
      <div>
        <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Shop', to: paths.shop }, { label: 'Product' }]} />
        {product.isPending ? (
          <div className="grid gap-8 md:grid-cols-2" role="status" aria-label="Loading product">
            <Skeleton className="aspect-square" />
            <div className="space-y-4">
              <Skeleton className="h-8 w-3/4" />
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-10 w-1/3" />
            </div>
          </div>
        ) : product.isError ? (
          <p role="alert" className="py-10 text-red-600">
            {product.error.message}
          </p>
        ) : (
          detail &&
          variant && (
            <div className="grid gap-8 md:grid-cols-2">
              <ProductGallery images={detail.images} name={detail.name} shown={variant.image} />
              <ProductInfo
                product={detail}
                variant={variant}
                variantId={variantId}
                onChooseVariant={choose}
                onAddToCart={(quantity) => addToCart({ _id: detail._id, variantId, name: detail.name, stock: variant.stock }, quantity)}
                onToggleWishlist={() => wishlist.toggle(detail._id, variantId)}
                inWishlist={wishlist.has(detail._id, variantId)}
              />
            </div>
          )
        )}
      </div>
      {product.isSuccess && <ReviewsSection productId={id} />}
      {product.isSuccess && needed.data && needed.data.length > 0 && (
        <section aria-labelledby="needed-heading" className="space-y-4">
          <h2 id="needed-heading" className="text-xl font-semibold">
            You'll also need
          </h2>
          <ProductGrid products={needed.data} action={wishlistHeartAction} buy={quickAddAction} />
        </section>
      )}
      {related.data && related.data.length > 0 && (
        <section aria-labelledby="related-heading" className="space-y-4">
          <h2 id="related-heading" className="text-xl font-semibold">
            You might also like
          </h2>
          <ProductGrid products={related.data} action={wishlistHeartAction} buy={quickAddAction} />
        </section>
      )}
    </div>
  );
}
