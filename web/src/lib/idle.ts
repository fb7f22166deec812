import { startTransition, useEffect, useState } from 'react';

/** Calls `callback` once the page has loaded and the browser has a moment to spare, for
 * code the first paint does not need (a carousel's engine, a desktop menu's panels).
 * Returns what cancels it. */
export function whenIdle(callback: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      // Safari has no requestIdleCallback.
      const id = window.setTimeout(callback, 200);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    idle();
  } else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/** Whether the page has been idle since this component mounted (see whenIdle). It turns
 * true in a transition: what it brings in (a lazy component) replaces what shows only once
 * its code is there, never through a Suspense fallback. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
