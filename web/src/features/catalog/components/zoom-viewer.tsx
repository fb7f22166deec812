import { useState, type ReactNode } from 'react';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchRef } from 'react-zoom-pan-pinch';
import { ZOOM, ZoomControls } from './zoom-controls';

/** The pan-and-zoom viewer around `picture` (product-gallery.tsx loads it apart from the
 * page). `firstZoom` is a step the shopper asked for while it loaded, zoomed to at once. */
export function ZoomViewer({ picture, firstZoom }: { picture: ReactNode; firstZoom: number }) {
  // `scale` is what shows, mid-animation too; `target` is the step the buttons move
  // from, so quick clicks land on 1.5, 2, 2.5 and 3 exactly. Both start at the step asked
  // for while the viewer loaded, where it opens, centred (at 100% the picture fills the
  // frame already, and centring on init would undo a zoom clicked just after).
  const [scale, setScale] = useState(firstZoom);
  const [target, setTarget] = useState(firstZoom);
  const settle = (ref: ReactZoomPanPinchRef) => setTarget(ref.state.scale);
  return (
    <TransformWrapper
      initialScale={firstZoom}
      centerOnInit={firstZoom !== 1}
      minScale={ZOOM.min}
      maxScale={ZOOM.max}
      centerZoomedOut
      doubleClick={{ step: ZOOM.step }}
      onTransform={(_, state) => setScale(state.scale)}
      onWheelStop={settle}
      onPinchStop={settle}
      onZoomStop={settle}
    >
      {({ centerView }) => (
        <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          <TransformComponent wrapperClass="!w-full" contentClass="!w-full">
            {picture}
          </TransformComponent>
          <ZoomControls
            scale={scale}
            target={target}
            onZoom={(next) => {
              setTarget(next);
              centerView(next);
            }}
            // At 100% and centred, the picture fills the frame as it first did (a reset
            // would go back to the scale the viewer opened at).
            onReset={() => {
              setTarget(1);
              centerView(1);
            }}
          />
        </div>
      )}
    </TransformWrapper>
  );
}
