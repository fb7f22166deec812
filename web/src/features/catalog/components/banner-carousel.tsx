import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { mediaUrl } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useBanners } from '../api/get-banners';

/** The homepage carousel: loops, previous/next, dots when there is more than one slide,
 * arrow keys; each slide links to its banner's url (spec §2). */
export function BannerCarousel() {
  const banners = useBanners();
  const [emblaRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      if (event.key === 'ArrowLeft') embla?.scrollPrev();
      if (event.key === 'ArrowRight') embla?.scrollNext();
    },
    [embla],
  );

  if (banners.isPending) return <p className="py-16 text-center text-slate-500">Loading banners...</p>;
  if (banners.isError) return <p className="py-16 text-center text-red-600">Error loading banners</p>;
  const slides = banners.data;
  if (slides.length === 0) return null;

  return (
    <section aria-roledescription="carousel" aria-label="Offers" className="relative" onKeyDown={onKeyDown} tabIndex={0}>
      <div className="overflow-hidden rounded-xl" ref={emblaRef}>
        <div className="flex">
          {slides.map((banner, index) => (
            <Link key={banner._id} to={banner.url} className="min-w-0 flex-[0_0_100%]" aria-label={`Offer ${index + 1} of ${slides.length}`}>
              <img src={mediaUrl(banner.image)} alt="" width={1600} height={500} className="h-auto w-full" fetchPriority={index === 0 ? 'high' : 'auto'} />
            </Link>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        <>
          <button type="button" aria-label="Previous slide" onClick={() => embla?.scrollPrev()}
            className="absolute left-3 top-1/2 hidden -translate-y-1/2 rounded-full bg-white/80 p-2 shadow hover:bg-white sm:block">
            <ChevronLeft className="h-5 w-5" />
          </button>
          <button type="button" aria-label="Next slide" onClick={() => embla?.scrollNext()}
            className="absolute right-3 top-1/2 hidden -translate-y-1/2 rounded-full bg-white/80 p-2 shadow hover:bg-white sm:block">
            <ChevronRight className="h-5 w-5" />
          </button>
          {/* On phones the arrows would cover the banner: a swipe or a dot moves it. */}
          <div className="absolute bottom-1 left-1/2 flex -translate-x-1/2">
            {/* A 24 px target around each 10 px dot (WCAG 2.5.8). */}
            {slides.map((banner, index) => (
              <button key={banner._id} type="button" aria-label={`Go to slide ${index + 1}`} aria-current={index === selected}
                onClick={() => embla?.scrollTo(index)} className="flex h-6 w-6 items-center justify-center">
                <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', index === selected ? 'bg-white' : 'bg-white/50')} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
