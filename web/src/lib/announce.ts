// What a screen reader is told after an action that changes nothing on screen where the
// shopper is (docs/DESIGN.md §15): 'Added 2 × Copper elbow to your cart', while focus stays
// on the button. <Announcer /> (components/layout/announcer.tsx) is mounted with every
// page, so its live region exists before the first message: a region that appears with
// its text, as sonner's Toaster does when the first toast loads it, is often not read.

export interface Announcement {
  text: string;
  /** Counts the messages, so saying the same thing twice is heard twice. */
  n: number;
}

let current: Announcement = { text: '', n: 0 };
const listeners = new Set<() => void>();

/** Says `text` politely, after what the screen reader is saying. */
export function announce(text: string) {
  current = { text, n: current.n + 1 };
  listeners.forEach((listener) => listener());
}

/** The last message (useSyncExternalStore). */
export const lastAnnouncement = () => current;
export function onAnnouncement(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
