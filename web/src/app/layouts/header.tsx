import { Heart, Search, ShoppingCart, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CategoryMenu } from '@/components/layout/category-menu';
import { HOME_LINK_LABEL, Logo } from '@/components/layout/logo';
import { SearchBox, type SearchOption } from '@/components/layout/search-box';
import { MobileDrawer } from '@/components/layout/mobile-drawer';
import { Button } from '@/components/ui/button';
import { struckListPrice } from '@/components/ui/product-bits';
import { paths, shopByCategory, shopSearch } from '@/config/paths';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useAuth } from '@/features/auth/store';
import { useCartCount } from '@/features/cart/use-cart';
import { canSuggest, useCategories, useSuggestions } from '@/features/catalog';
import { PriceReadingSwitch } from '@/features/shop';
import { useWishlistCount } from '@/features/wishlist/use-wishlist';
import { mediaUrl } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { useDebounced } from '@/lib/use-debounced';

const CART_PAGES: string[] = [paths.cart, paths.checkout, paths.wishlist];
const AUTH_PAGES: string[] = [paths.login, paths.signup];
/** How long typing pauses before suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

/** The sticky header of every storefront page (spec §2). */
export function Header() {
  const { pathname } = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  const signedIn = useAuth((state) => state.isAuthenticated);
  // The sum of quantities (spec §9): the server's cart when signed in, else the browser's.
  const count = useCartCount();
  // The number of entries (spec §9).
  const wishlistCount = useWishlistCount();
  const categories = useCategories().data?.categories ?? [];
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* From 320 px up every control fits: on phones the icons are 44 px touch targets,
          the word mark and the sign-in label give way to icons. */}
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-3 sm:gap-3 sm:px-4">
        <Link to={paths.home} aria-label={HOME_LINK_LABEL} className="shrink-0">
          <Logo compact />
        </Link>
        <HeaderSearch className="hidden flex-1 md:flex" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* Phones find it in the menu's drawer: the header's row has no room for it. */}
          <PriceReadingSwitch className="hidden sm:inline-flex" />
          <Button variant="ghost" size="touchIcon" className="md:hidden" aria-label="Search" aria-expanded={searchOpen}
            onClick={() => setSearchOpen((open) => !open)}>
            <Search className="h-5 w-5" />
          </Button>
          <Button asChild variant={pathname === paths.wishlist ? 'active' : 'outline'} size="touchIcon" className="relative">
            <Link to={paths.wishlist} aria-label={`Wishlist, ${wishlistCount} ${wishlistCount === 1 ? 'item' : 'items'}`}>
              <Heart className="h-5 w-5" />
              <CountBadge count={wishlistCount} />
            </Link>
          </Button>
          <Button asChild variant={CART_PAGES.includes(pathname) ? 'active' : 'outline'} size="touchIcon" className="relative">
            <Link to={paths.cart} aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
              <ShoppingCart className="h-5 w-5" />
              <CountBadge count={count} />
            </Link>
          </Button>
          {signedIn ? (
            <UserMenu />
          ) : (
            <Button asChild variant={AUTH_PAGES.includes(pathname) ? 'active' : 'default'} className="h-11 w-11 px-0 sm:h-10 sm:w-auto sm:px-4">
              <Link to={paths.login} aria-label="Sign Up/Sign In">
                <UserRound className="h-5 w-5 sm:hidden" aria-hidden="true" />
                <span className="hidden sm:inline">Sign Up/Sign In</span>
              </Link>
            </Button>
          )}
          <MobileDrawer categories={categories} extra={<PriceReadingSwitch />} />
        </div>
      </div>
      {searchOpen && (
        <div className="px-4 pb-3 md:hidden">
          <HeaderSearch className="flex" />
        </div>
      )}
      {categories.length > 0 && <CategoryMenu categories={categories} />}
    </header>
  );
}

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The header's search box with its suggestions (docs/DESIGN.md §15): asked for once the
 * shopper pauses typing, and kept up while the next ones load. */
function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');
  const asked = useDebounced(keyword, SUGGEST_DELAY_MS);
  const suggestions = useSuggestions(asked).data;
  const options: SearchOption[] =
    canSuggest(keyword) && suggestions
      ? [
          ...suggestions.products.map((p) => {
            // A trade customer's own price, the public one struck after it (docs/DESIGN.md §11).
            const listPrice = struckListPrice(p.listPrice, p.discountedPrice);
            return {
              id: p._id,
              group: 'Products' as const,
              label: p.name,
              detail: formatUsd(p.discountedPrice),
              listPrice: listPrice === undefined ? undefined : formatUsd(listPrice),
              image: p.image ? mediaUrl(p.image) : undefined,
              to: paths.product(p._id),
            };
          }),
          ...suggestions.categories.map((c) => ({
            id: c._id,
            group: 'Categories' as const,
            label: c.title,
            detail: c.categoryId ? 'Sub-category' : 'Category',
            to: c.categoryId ? shopByCategory(c.categoryId, c._id) : shopByCategory(c._id),
          })),
        ]
      : [];
  return (
    <SearchBox
      className={className}
      keyword={keyword}
      onKeywordChange={setKeyword}
      options={options}
      onSearch={(trimmed) => navigate(shopSearch(trimmed))}
      onPick={(option) => navigate(option.to)}
    />
  );
}
