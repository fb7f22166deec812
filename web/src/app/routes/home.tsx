import { Link } from 'react-router';
import type { Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, shopByCategory } from '@/config/paths';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useHomePage } from '@/features/catalog/api/get-home-page';
import { BannerCarousel } from '@/features/catalog/components/banner-carousel';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { quickAddAction } from '@/features/cart/components/quick-add';
import { wishlistHeartAction } from '@/features/wishlist/components/wishlist-heart';
import { SHOP_TITLE, useDocumentTitle } from '@/lib/page-title';

/** Home: banners, then top products and category sections when there is data (spec §2). */
export function Component() {
  useDocumentTitle();
  const home = useHomePage();
  return (
    <div className="space-y-10">
      {/* The design shows no title here; a screen reader, and focus after a navigation,
          still start at the page's one h1 (docs/DESIGN.md §15). */}
      <h1 className="sr-only">{SHOP_TITLE}</h1>
      <BannerCarousel />
      {home.isPending ? (
        <HomeSkeleton />
      ) : home.isError ? (
        <p role="alert" className="py-10 text-center text-red-600">Failed to load homepage data</p>
      ) : home.data.topProducts.length === 0 ? (
        <p className="py-10 text-center text-slate-600">No products available</p>
      ) : (
        <>
          <Section title="Grab the best deal on Smartphones">
            <ProductGrid products={home.data.topProducts} action={wishlistHeartAction} buy={quickAddAction} />
          </Section>
          <CategorySections />
        </>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={slug(title)}>
      <div className="mb-4 flex items-center justify-between border-b border-slate-200 pb-2">
        <h2 id={slug(title)} className="text-xl font-semibold">{title}</h2>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.shop}>View All</Link>
        </Button>
      </div>
      {children}
    </section>
  );
}

/** 'Shop From Top Categories' and 'Top Plumbing Categories', with real categories. */
function CategorySections() {
  const categories = useCategories();
  const all = categories.data?.categories ?? [];
  if (all.length === 0) return null;
  return (
    <>
      <Section title="Shop From Top Categories">
        <CategoryTiles categories={all.slice(0, 4)} />
      </Section>
      <Section title="Top Plumbing Categories">
        <CategoryTiles categories={all.slice(4, 8).length ? all.slice(4, 8) : all.slice(0, 4)} />
      </Section>
    </>
  );
}

function CategoryTiles({ categories }: { categories: Category[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {categories.map((category) => (
        <li key={category._id}>
          <Link to={shopByCategory(category._id)}
            className="flex h-28 flex-col justify-end rounded-lg bg-gradient-to-br from-slate-100 to-slate-200 p-4 font-medium hover:from-slate-200">
            {category.maxDiscountPercentage > 0 && (
              <span className="mb-auto self-start rounded bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                UP to {category.maxDiscountPercentage}% OFF
              </span>
            )}
            {category.title}
            <span className="text-xs font-normal text-slate-600">{category.subCategories.length} ranges</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function HomeSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" data-testid="home-skeleton">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="aspect-[3/4]" />
      ))}
    </div>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
