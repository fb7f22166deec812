// One seam for the shopper's cart and wishlist (docs/DESIGN.md §5): a guest's lists live in
// the browser store (local-store.ts), a signed-in shopper's on the server (api/items.ts).
// useListSource picks one, once; the hooks and pages above it never ask which.
import type { Item } from '@/api/types';
import { useSignedInUserId } from '@/features/auth';
import type { ListType } from './api/types';
import type { LineRef } from './line-ref';
import type { Outcome } from './local-store';
import { useLocalListSource } from './list-source-local';
import { useServerListSource } from './list-source-server';

export type { LineRef, ListType, Outcome };

/** A product's variant on a list and how many (always 1 on a wishlist). `variantId` is
 * missing only on a guest's entry from before variants (the product's one variant). */
export interface ListEntry {
  productId: string;
  variantId?: string | null;
  quantity: number;
}

/** A change the shopper sees at once (see `ListSource.change`), to the line `line` names. */
export type Change = { type: 'add'; line: LineRef } | { type: 'remove'; line: LineRef } | { type: 'quantity'; line: LineRef; quantity: number };

export interface ListSource {
  /** Where the list lives: the few messages the spec words differently depend on it. */
  where: 'browser' | 'server';
  /** What the list holds, without details: enough for counts and hearts. */
  entries: ListEntry[];
  /** The entries with current names, prices and stock, in list order. A guest's are
   * loaded only when asked for (`withDetails`). */
  items: Item[];
  isLoading: boolean;
  /** Why the list or its details failed to load, if they did. */
  error: Error | null;
  retry: () => void;
  /** Adds `quantity` of a product's variant (the browser store refuses more than `stock`),
   * and resolves to what happened: a refusal is an outcome, never a rejection. */
  add: (line: LineRef, quantity: number, stock?: number) => Promise<Outcome>;
  /** Takes a line off the list; resolves to what happened. */
  remove: (line: LineRef) => Promise<Outcome>;
  /** Loads the list again after `add` and `remove` (the browser store is always current). */
  refresh: () => Promise<unknown>;
  /** Makes a change the shopper sees at once, and tells `done` what happened. The
   * browser store makes it there and then; the server's list shows it while the request
   * is on its way, and puts it back if the server refuses. */
  change: (change: Change, done: (outcome: Outcome) => void) => void;
  /** Whether a `change` still waits for the server's answer (never, for the browser). */
  changing: boolean;
}

/** The signed-in shopper's `kind` list on the server, else the guest's in the browser.
 * Both are built on every render (hooks cannot be skipped); only the chosen one loads. */
export function useListSource(kind: ListType, { withDetails = false } = {}): ListSource {
  const userId = useSignedInUserId();
  const guest = userId === null;
  const server = useServerListSource(kind, userId);
  const local = useLocalListSource(kind, { loadDetails: guest && withDetails });
  return guest ? local : server;
}
