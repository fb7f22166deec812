import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { mediaUrl } from '@/lib/api-client';
import { useIdle } from '@/lib/idle';
import { cn } from '@/lib/utils';
import { useBanners } from '../api/get-banners';
import type { Embla } from './carousel-engine';

// The slides are plain markup, painted with the page (the first banner is its largest
// picture); embla, which moves them, comes once the page is idle or the shopper reaches
// for the carousel first, and a click or key pressed before it is ready is done then.
const CarouselEngine = lazy(() => import('./carousel-engine').then((m) => ({ default: m.CarouselEngine })));

/** The homepage carousel: loops, previous/next, dots when there is more than one slide,
 * arrow keys, swipes; each slide links to its banner's url (spec §2). */
export function BannerCarousel() {
  const banners = useBanners();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<Embla>();
  const [selected, setSelected] = useState(0);
  const idle = useIdle();
  const [reached, setReached] = useState(false);
  const waiting = useRef<(embla: Embla) => void>(undefined);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    waiting.current?.(embla);
    waiting.current = undefined;
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  /** `move` now, or once embla is ready. */
  const go = (move: (embla: Embla) => void) => {
    if (embla) return move(embla);
    waiting.current = move;
    setReached(true);
  };
  const reach = useCallback(() => setReached(true), []);

  if (banners.isPending) {
    return (
      <p className="flex aspect-[16/5] items-center justify-center rounded-xl bg-slate-100 text-center text-slate-500">Loading banners...</p>
    );
  }
  if (banners.isError) return <p className="py-16 text-center text-red-600">Error loading banners</p>;
  const slides = banners.data;
  if (slides.length === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative"
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go((e) => e.scrollPrev());
        if (event.key === 'ArrowRight') go((e) => e.scrollNext());
      }}
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
    >
      <div className="overflow-hidden rounded-xl" ref={setViewport}>
        <div className="flex">
          {slides.map((banner, index) => (
            <Link key={banner._id} to={banner.url} className="min-w-0 flex-[0_0_100%]" aria-label={`Offer ${index + 1} of ${slides.length}`}>
              <img
                src={mediaUrl(banner.image)}
                alt=""
                width={1600}
                height={500}
                className="h-auto w-full"
                // The first is the page's largest picture; the others, off to the side,
                // come after it (lazy, they would load only once slid into view).
                fetchPriority={index === 0 ? 'high' : 'low'}
              />
            </Link>
          ))}
        </div>
      </div>
      {viewport && slides.length > 1 && (idle || reached) && (
        <Suspense fallback={null}>
          <CarouselEngine viewport={viewport} onReady={setEmbla} />
        </Suspense>
      )}
      {slides.length > 1 && (
        <>
          <button type="button" aria-label="Previous slide" onClick={() => go((e) => e.scrollPrev())}
            className="absolute left-3 top-1/2 hidden -translate-y-1/2 rounded-full bg-white/80 p-2 shadow hover:bg-white sm:block">
            <ChevronLeft className="h-5 w-5" />
          </button>
          <button type="button" aria-label="Next slide" onClick={() => go((e) => e.scrollNext())}
            className="absolute right-3 top-1/2 hidden -translate-y-1/2 rounded-full bg-white/80 p-2 shadow hover:bg-white sm:block">
            <ChevronRight className="h-5 w-5" />
          </button>
          {/* On phones the arrows would cover the banner: a swipe or a dot moves it. */}
          <div className="absolute bottom-1 left-1/2 flex -translate-x-1/2">
            {/* A 24 px target around each 10 px dot (WCAG 2.5.8). */}
            {slides.map((banner, index) => (
              <button key={banner._id} type="button" aria-label={`Go to slide ${index + 1}`} aria-current={index === selected}
                onClick={() => go((e) => e.scrollTo(index))} className="flex h-6 w-6 items-center justify-center">
                <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', index === selected ? 'bg-white' : 'bg-white/50')} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
