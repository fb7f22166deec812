import { lazy, Suspense, useState, useTransition } from 'react';
import { mediaUrl } from '@/lib/api-client';
import { useIdle } from '@/lib/idle';
import { cn } from '@/lib/utils';
import { fallBackToPlaceholder, PLACEHOLDER_IMAGE } from '@/components/ui/product-bits';
import { ZoomControls } from './zoom-controls';

// The picture is painted with the page (it is the page's largest); the pan-and-zoom viewer
// (react-zoom-pan-pinch, zoom-viewer.tsx) comes once the page is idle, or at once when the
// shopper reaches for the picture or its buttons first.
const ZoomViewer = lazy(() => import('./zoom-viewer').then((m) => ({ default: m.ZoomViewer })));

/** The product's images: a pan-and-zoom viewer and a row of thumbnails. `shown` (the
 * chosen variant's image) is the picture shown, whenever it changes. */
export function ProductGallery({ images, name, shown = null }: { images: string[]; name: string; shown?: string | null }) {
  const [current, setCurrent] = useState(() => Math.max(0, shown ? images.indexOf(shown) : 0));
  // Another variant chosen: its image comes to the front (adjusted while rendering, as
  // React advises for state that follows a prop).
  const [followed, setFollowed] = useState(shown);
  if (shown !== followed) {
    setFollowed(shown);
    const index = shown ? images.indexOf(shown) : -1;
    if (index >= 0) setCurrent(index);
  }
  const idle = useIdle();
  const [reached, setReached] = useState(false);
  const [, startTransition] = useTransition();
  // A zoom step asked for before the viewer came, made once it has.
  const [firstZoom, setFirstZoom] = useState(1);
  const sources = images.length ? images.map(mediaUrl) : [PLACEHOLDER_IMAGE];
  // In a transition, with the boundary below there from the start: the still picture and
  // its buttons stay (a click under way lands) until the viewer's code has come.
  const reach = () => startTransition(() => setReached(true));
  const picture = (
    <img
      src={sources[current]}
      alt={name}
      width={800}
      height={800}
      className="aspect-square w-full object-contain"
      fetchPriority="high"
      onError={fallBackToPlaceholder}
    />
  );
  // What the viewer looks like at 100%, until it is there.
  const still = (
    <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50" onPointerEnter={reach} onTouchStart={reach} onFocus={reach}>
      <div className="flex w-full">{picture}</div>
      <ZoomControls
        scale={1}
        target={firstZoom}
        onZoom={(next) => {
          setFirstZoom(next);
          reach();
        }}
        onReset={() => setFirstZoom(1)}
      />
    </div>
  );
  return (
    <div className="space-y-3">
      <Suspense fallback={still}>{idle || reached ? <ZoomViewer key={current} picture={picture} firstZoom={firstZoom} /> : still}</Suspense>
      {sources.length > 1 && (
        <ul className="flex gap-2" aria-label="Product images">
          {sources.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-current={i === current}
                onClick={() => {
                  setCurrent(i);
                  setFirstZoom(1);
                }}
                className={cn('overflow-hidden rounded-md border-2', i === current ? 'border-brand' : 'border-transparent')}
              >
                <img src={src} alt="" width={72} height={72} className="h-16 w-16 object-cover" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
