import { Suspense, useCallback, useState, useTransition, type ComponentProps, type ReactElement, type ReactNode } from 'react';

type Trigger = (props: ComponentProps<'button'>) => ReactElement;

/** A button opening a menu or dialog whose code (Radix's, the form's) is not part of the
 * page: it is fetched when the pointer or focus reaches the button, and used when the
 * button is first pressed. Until then `trigger` renders with `props` that open it; then
 * `children` gets the trigger for the loaded popup (a `React.lazy` component, whose
 * `load` is the same import) to wrap in its Radix `Trigger`, and must start open. */
export function LazyPopup({ load, popup, trigger, children }: {
  load: () => Promise<unknown>;
  popup: 'menu' | 'dialog';
  trigger: Trigger;
  children: (trigger: ReactElement) => ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const [, startTransition] = useTransition();
  const preload = useCallback(() => void load().catch(() => {}), [load]);
  // In a transition: the button stays on screen, and keeps focus, until the code is there.
  const want = () => startTransition(() => setWanted(true));
  const closed = trigger({
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: want,
    // As Radix's menu trigger does, Enter, Space and the down arrow open a menu too.
    onKeyDown:
      popup === 'menu'
        ? (event) => {
            if (event.key === 'ArrowDown') event.preventDefault();
            if (['Enter', ' ', 'ArrowDown'].includes(event.key)) want();
          }
        : undefined,
  });
  // The boundary is there from the start, so the transition keeps `closed` in place.
  return <Suspense fallback={closed}>{wanted ? children(trigger({})) : closed}</Suspense>;
}
