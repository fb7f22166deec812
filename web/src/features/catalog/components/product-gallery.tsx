import { RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchRef } from 'react-zoom-pan-pinch';
import { Button } from '@/components/ui/button';
import { mediaUrl } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { fallBackToPlaceholder, PLACEHOLDER_IMAGE } from '@/components/ui/product-bits';

/** The viewer's zoom: 0.5 to 3 in steps of 0.5 (spec §9). */
export const ZOOM = { min: 0.5, max: 3, step: 0.5 } as const;

/** The product's images: a pan-and-zoom viewer and a row of thumbnails. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  // `scale` is what shows, mid-animation too; `target` is the step the buttons move
  // from, so quick clicks land on 1.5, 2, 2.5 and 3 exactly.
  const [scale, setScale] = useState(1);
  const [target, setTarget] = useState(1);
  const settle = (ref: ReactZoomPanPinchRef) => setTarget(ref.state.scale);
  const sources = images.length ? images.map(mediaUrl) : [PLACEHOLDER_IMAGE];
  return (
    <div className="space-y-3">
      <TransformWrapper
        key={current}
        initialScale={1}
        minScale={ZOOM.min}
        maxScale={ZOOM.max}
        centerZoomedOut
        doubleClick={{ step: ZOOM.step }}
        onTransform={(_, state) => setScale(state.scale)}
        onWheelStop={settle}
        onPinchStop={settle}
        onZoomStop={settle}
      >
        {({ centerView, resetTransform }) => {
          const zoomTo = (next: number) => {
            const clamped = Math.min(ZOOM.max, Math.max(ZOOM.min, next));
            setTarget(clamped);
            centerView(clamped);
          };
          const snapped = Math.round(target / ZOOM.step) * ZOOM.step;
          return (
          <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
            <TransformComponent wrapperClass="!w-full" contentClass="!w-full">
              <img
                src={sources[current]}
                alt={name}
                width={800}
                height={800}
                className="aspect-square w-full object-contain"
                onError={fallBackToPlaceholder}
              />
            </TransformComponent>
            <div className="absolute bottom-2 right-2 flex items-center gap-1 rounded-md bg-white/90 p-1 shadow">
              <Button variant="ghost" size="icon" aria-label="Zoom out" disabled={target <= ZOOM.min} onClick={() => zoomTo(snapped - ZOOM.step)}>
                <ZoomOut className="h-4 w-4" aria-hidden="true" />
              </Button>
              <span className="w-12 text-center text-xs tabular-nums" aria-label="Zoom level">
                {Math.round(scale * 100)}%
              </span>
              <Button variant="ghost" size="icon" aria-label="Zoom in" disabled={target >= ZOOM.max} onClick={() => zoomTo(snapped + ZOOM.step)}>
                <ZoomIn className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Reset zoom"
                onClick={() => {
                  setTarget(1);
                  resetTransform();
                }}
              >
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
          );
        }}
      </TransformWrapper>
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
                  setScale(1);
                  setTarget(1);
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
