import { useParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
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
import { useDocumentTitle } from '@/lib/page-title';

/** A product (spec §2): gallery and details, its reviews, then related products. */
export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  useDocumentTitle(product.data?.name);
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
          <div className="grid gap-8 md:grid-cols-2">
            <ProductGallery images={product.data.images} name={product.data.name} />
            <ProductInfo
              product={product.data}
              onAddToCart={(quantity) => addToCart(product.data, quantity)}
              onToggleWishlist={() => wishlist.toggle(product.data._id)}
              inWishlist={wishlist.has(product.data._id)}
            />
          </div>
        )}
      </div>
      {product.isSuccess && <ReviewsSection productId={id} />}
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
