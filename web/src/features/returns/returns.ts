// The returns rules of docs/DESIGN.md §12 as the shopper meets them, in one place for the
// order page, the form and the return's page: the words for reasons and statuses, the
// addresses and query keys, the photo limits, and the form's checks (the server's, so
// most mistakes are caught before sending).
import type { ReturnLineInput, ReturnReason, ReturnStatus } from './api/types';

/** Each reason's label, in the order the form offers them. */
export const REASON_LABELS: Record<ReturnReason, string> = {
  wrong_item: 'Wrong item sent',
  wrong_size: 'Wrong size',
  damaged: 'Arrived damaged',
  faulty: 'Faulty',
  not_needed: 'No longer needed',
  other: 'Other',
};

export const REASONS = Object.keys(REASON_LABELS) as ReturnReason[];

export const STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  received: 'Received',
  refunded: 'Refunded',
};

/** A return has at most 5 photos, each a JPEG, PNG, GIF or WebP of at most 10 MB. */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');
/** The longest note the server takes. */
export const NOTE_MAX = 1000;

export const TOO_MANY_PHOTOS = 'You can add at most 5 photos';
export const PHOTO_TYPE_ERROR = 'Photos must be JPEG, PNG, GIF or WebP images';
export const PHOTO_SIZE_ERROR = 'Each photo must be at most 10 MB';

/** '?token=…' when the page was opened with the order link's token, else ''. */
const withToken = (path: string, token: string | null | undefined) => (token ? `${path}?${new URLSearchParams({ token })}` : path);

/** The shopper's return pages (a guest's keep the order link's token). */
export const returnPaths = {
  /** The form that asks to return an order's items. */
  request: (number: string, token?: string | null) => withToken(`/orders/${encodeURIComponent(number)}/return`, token),
  /** One return. */
  view: (id: string, token?: string | null) => withToken(`/returns/${encodeURIComponent(id)}`, token),
};

// Query keys: apart from the order's (['order', number, …]), which cancelling an order
// overwrites with the order wholesale.
/** Every view of one order's returns. */
export const orderReturnsViewsKey = (number: string) => ['order-returns', number] as const;
export const orderReturnsKey = (number: string, token: string | null) => [...orderReturnsViewsKey(number), token] as const;
export const returnViewsKey = (id: string) => ['return', id] as const;
export const returnKey = (id: string, token: string | null) => [...returnViewsKey(id), token] as const;

/** One order line as the form holds it. */
export interface LineChoice {
  variantId: string;
  selected: boolean;
  quantity: number;
  reason: ReturnReason | '';
}

/** A form's mistakes, keyed as the server keys them: `lines`, `lines[i].reason`,
 * `lines[i].quantity`, `note`… (`i` the line's place among those sent). */
export type FieldErrors = Record<string, string>;

/** The lines chosen, as sent. */
export const chosenLines = (choices: LineChoice[]) => choices.filter((choice) => choice.selected);

/** The server's checks of a request, run before sending: at least one line, each with a
 * reason; a note when a reason is Other, and not too long. */
export function checkRequest(choices: LineChoice[], note: string): FieldErrors {
  const errors: FieldErrors = {};
  const chosen = chosenLines(choices);
  if (chosen.length === 0) errors.lines = 'Choose at least one item to return';
  chosen.forEach((choice, i) => {
    if (!choice.reason) errors[`lines[${i}].reason`] = 'Choose a reason';
  });
  if (chosen.some((choice) => choice.reason === 'other') && note.trim() === '') errors.note = 'Tell us what is wrong when the reason is Other';
  else if (note.trim().length > NOTE_MAX) errors.note = `A note may be at most ${NOTE_MAX} characters`;
  return errors;
}

/** The request for the lines chosen (checked: each has a reason). */
export const requestLines = (choices: LineChoice[]): ReturnLineInput[] =>
  chosenLines(choices).map(({ variantId, quantity, reason }) => ({ variantId, quantity, reason: reason as ReturnReason }));

/** What is wrong with one line, by part: its reason, its quantity, or the line itself
 * (not in the order; more than can be returned). */
export interface LineErrors {
  reason?: string;
  quantity?: string;
  line?: string;
}

/** A request's errors sorted for the form: per line (by `variantId`), the note's, the
 * 'Choose at least one item' one, and any the form has no place for. `sent` are the
 * lines the request sent (`lines[i]` names the i-th), in order. */
export function sortErrors(errors: FieldErrors, sent: { variantId: string }[]) {
  const lines: Record<string, LineErrors> = {};
  const other: string[] = [];
  let note: string | undefined;
  let list: string | undefined;
  const onLine = (variantId: string, part: keyof LineErrors, message: string) => {
    lines[variantId] = { ...lines[variantId], [part]: message };
  };
  for (const [key, message] of Object.entries(errors)) {
    const indexed = /^lines\[(\d+)\]\.(\w+)$/.exec(key);
    const line = indexed ? sent[Number(indexed[1])] : undefined;
    if (key === 'note') note = message;
    else if (key === 'lines') list = message;
    else if (indexed && line) onLine(line.variantId, indexed[2] === 'reason' || indexed[2] === 'quantity' ? indexed[2] : 'line', message);
    else if (sent.some((s) => s.variantId === key)) onLine(key, 'line', message);
    else other.push(message);
  }
  return { lines, note, list, other };
}

/** `current` with the `incoming` files that fit: images of the accepted types and size,
 * at most 5 in all; `error` says why any were left out. */
export function addPhotos(current: File[], incoming: File[]): { photos: File[]; error: string | null } {
  let error: string | null = null;
  const fitting = incoming.filter((file) => {
    if (!PHOTO_TYPES.includes(file.type)) error ??= PHOTO_TYPE_ERROR;
    else if (file.size > MAX_PHOTO_BYTES) error ??= PHOTO_SIZE_ERROR;
    else return true;
    return false;
  });
  const photos = [...current, ...fitting];
  if (photos.length > MAX_PHOTOS) return { photos: photos.slice(0, MAX_PHOTOS), error: TOO_MANY_PHOTOS };
  return { photos, error };
}
