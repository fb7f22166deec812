import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { optionsLabel, productsSearch, type VariantStockProduct } from '@/admin/products';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useCan } from '@/admin/shared/permissions';
import type { DashboardData, StockProduct } from '@/api/types';
import { paths } from '@/config/paths';
import { formatConsoleDate, formatConsoleDateTime, formatRupee } from '@/lib/format';
import { useDashboard } from '../api/get-dashboard';
import { ReviewStars } from './review-stars';

const card = 'min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4';
const link = 'text-brand hover:underline';

/** A card of the dashboard, named by its heading. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The shop at a glance: sales today and this week, what is waiting for the staff, the
 * products running out, and the newest reviews. */
export function Dashboard() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingRows label="Loading the dashboard" rows={4} />;
  if (dashboard.isError) return <LoadFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const { today, week, waiting, lowStock, outOfStock, reviews } = dashboard.data;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Panel id="today-heading" title="Today">
        <Period figures={today} />
      </Panel>
      <Panel id="week-heading" title="This week">
        <Period figures={week} />
      </Panel>
      <Panel id="waiting-heading" title="Waiting for the shop">
        <ul className="space-y-2">
          <li>
            <Link to={adminPaths.ordersAt({ status: 'placed' })} className={link}>
              {plural(waiting.placed, 'order', 'orders')} placed, to prepare
            </Link>
          </li>
          <li>
            <Link to={adminPaths.ordersAt({ status: 'ready_for_pickup' })} className={link}>
              {plural(waiting.readyForPickup, 'order', 'orders')} ready for pickup, to hand over
            </Link>
          </li>
        </ul>
      </Panel>
      <Panel id="low-stock-heading" title="Low stock">
        <StockList
          figures={lowStock}
          summary={`${plural(lowStock.count, 'variant has', 'variants have')} 1 to 9 units left.`}
          none="No product is low on stock."
          all={`${adminPaths.products}${productsSearch({ stock: 'low' })}`}
        />
      </Panel>
      <Panel id="out-of-stock-heading" title="Out of stock">
        <StockList
          figures={outOfStock}
          summary={`${plural(outOfStock.count, 'variant has', 'variants have')} no units left.`}
          none="Every product is in stock."
          all={`${adminPaths.products}${productsSearch({ stock: 'out' })}`}
        />
      </Panel>
      <Panel id="reviews-heading" title="Newest reviews">
        <Reviews reviews={reviews} />
      </Panel>
    </div>
  );
}

/** A period's orders and revenue, and where it starts. */
function Period({ figures }: { figures: DashboardData['today'] }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-slate-600">Orders</dt>
          <dd className="text-2xl font-semibold">{figures.orders}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Revenue</dt>
          <dd className="break-words text-2xl font-semibold">{formatRupee(figures.revenue)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">
        Since <time dateTime={figures.from}>{formatConsoleDateTime(figures.from)}</time>; cancelled orders are not counted.
      </p>
    </>
  );
}

/** How many variants are in the state (docs/DESIGN.md §9), the first few (each to its
 * product's edit page), and the products table, filtered by the products' own stock,
 * when there are more; the links for a role that may see the catalogue. */
function StockList({ figures, summary, none, all }: { figures: { count: number; products: StockProduct[] }; summary: string; none: string; all: string }) {
  const linked = useCan('catalogue.view');
  if (figures.count === 0) return <p className="text-sm text-slate-600">{none}</p>;
  return (
    <>
      <p className="text-sm">{summary}</p>
      <ul className="divide-y divide-slate-100 text-sm">
        {figures.products.map((product: VariantStockProduct, index) => (
          <li key={`${product._id}-${product.sku ?? index}`} className="flex items-center justify-between gap-3 py-1.5">
            <span className="min-w-0">
              {linked ? (
                <Link to={adminPaths.product(product._id)} className={`${link} break-words`}>
                  {product.name}
                </Link>
              ) : (
                <span className="break-words">{product.name}</span>
              )}
              <VariantLine product={product} />
            </span>
            <span className="whitespace-nowrap text-slate-700">{plural(product.stock, 'unit', 'units')}</span>
          </li>
        ))}
      </ul>
      {linked && figures.count > figures.products.length && (
        <Link to={all} className={`${link} inline-block text-sm`}>
          See the products in the table
        </Link>
      )}
    </>
  );
}

/** The variant a stock entry counts, when the server names one: 'SKU · Size: 22 mm'. */
function VariantLine({ product }: { product: VariantStockProduct }) {
  const line = [product.sku, optionsLabel(product.options)].filter(Boolean).join(' · ');
  return line ? <span className="block text-xs text-slate-600">{line}</span> : null;
}

function Reviews({ reviews }: { reviews: DashboardData['reviews'] }) {
  if (reviews.length === 0) return <p className="text-sm text-slate-600">No reviews yet.</p>;
  return (
    <ul className="space-y-3 text-sm">
      {reviews.map((review) => (
        <li key={review._id} className="space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <ReviewStars rating={review.rating} />
            <Link to={paths.product(review.productId)} reloadDocument className={`${link} break-words font-medium`}>
              {review.productName}
            </Link>
          </div>
          <p className="line-clamp-3 break-words text-slate-800">{review.comment}</p>
          <p className="text-xs text-slate-600">
            {review.author ?? 'A deleted account'}, <time dateTime={review.createdAt}>{formatConsoleDate(review.createdAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
