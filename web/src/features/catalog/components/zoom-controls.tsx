// The zoom buttons over a product's picture, in the page (product-gallery.tsx) until the
// pan-and-zoom viewer has loaded and in the viewer after (zoom-viewer.tsx): a module of
// their own, so the lazily loaded viewer does not import the gallery that loads it.
import { RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The viewer's zoom: 0.5 to 3 in steps of 0.5 (spec §9). */
export const ZOOM = { min: 0.5, max: 3, step: 0.5 } as const;

/** Zoom out, the zoom level, zoom in and reset, over the picture's corner. `target` is the
 * step the buttons move from; `onZoom` gets the next one, within ZOOM. */
export function ZoomControls({ scale, target, onZoom, onReset }: { scale: number; target: number; onZoom: (next: number) => void; onReset: () => void }) {
  const snapped = Math.round(target / ZOOM.step) * ZOOM.step;
  const zoomTo = (next: number) => onZoom(Math.min(ZOOM.max, Math.max(ZOOM.min, next)));
  return (
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
      <Button variant="ghost" size="icon" aria-label="Reset zoom" onClick={onReset}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
