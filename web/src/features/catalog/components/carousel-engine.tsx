import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type Embla = NonNullable<UseEmblaCarouselType[1]>;

/** embla, looping, on the carousel's `viewport`: loaded apart from the page (banner-carousel.tsx),
 * it renders nothing and hands its API to `onReady` (and `undefined` when it goes). */
export function CarouselEngine({ viewport, onReady }: { viewport: HTMLElement; onReady: (embla: Embla | undefined) => void }) {
  const [attach, embla] = useEmblaCarousel({ loop: true });
  useEffect(() => attach(viewport), [attach, viewport]);
  useEffect(() => {
    onReady(embla);
    return () => onReady(undefined);
  }, [embla, onReady]);
  return null;
}
