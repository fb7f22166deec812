import { Star } from 'lucide-react';

/** A review's five stars with `rating` of them filled, read out as 'x/5', as the shop's
 * Stars (components/ui/stars.tsx) draws them under a product. The console's own copy: an
 * import of the shop's would take it out of the product page's chunk into a chunk of its
 * own, one more file on every product page. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating}/5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`h-4 w-4 ${n <= Math.round(rating) ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`} />
      ))}
    </span>
  );
}
