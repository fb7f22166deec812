import { useSyncExternalStore } from 'react';
import { lastAnnouncement, onAnnouncement } from '@/lib/announce';

/** The storefront's polite live region (lib/announce.ts), always in the page and never
 * seen. Each message is a new element, so a repeated one is read again. */
export function Announcer() {
  const { text, n } = useSyncExternalStore(onAnnouncement, lastAnnouncement);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
      {text && <p key={n}>{text}</p>}
    </div>
  );
}
