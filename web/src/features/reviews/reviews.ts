// The review rules of spec §5 and §9, in one place for the list, the cards and the form.
import type { PageItem } from '@/components/ui/pagination';

/** The product page shows 8 reviews a page (spec §9). */
export const REVIEWS_PER_PAGE = 8;
/** Thumbnails on a card before the +N overlay. */
export const THUMBNAILS_SHOWN = 8;
export const SKELETON_REVIEWS = 4;
export const COMMENT_MIN = 10;
export const COMMENT_MAX = 500;
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The drop zone's types: PNG, JPG, WEBP. */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Review pages (spec §2): at most 5 numbers — the first five up to page 3, the last
 * five near the end, else the current page ±2 — and an ellipsis after them when there
 * are more than 5 pages and the end is not in view. */
export function reviewPages(current: number, total: number): PageItem[] {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  let first: number;
  if (current <= 3) first = 1;
  else if (current >= total - 2) first = total - 4;
  else first = current - 2;
  const window: PageItem[] = Array.from({ length: 5 }, (_, i) => first + i);
  return first + 4 < total ? [...window, 'ellipsis-end'] : window;
}

/** 'Showing X to Y of Z reviews'. */
export function showingLine(page: number, perPage: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return `Showing ${from} to ${to} of ${total} reviews`;
}

/** Whether a comment can be sent: 10 to 500 characters once trimmed. */
export function commentIsValid(comment: string): boolean {
  const length = comment.trim().length;
  return length >= COMMENT_MIN && length <= COMMENT_MAX;
}

/** `current` plus the acceptable `incoming` files, at most 5 in all; files of other
 * types, over 10 MB or beyond the fifth are silently dropped (spec §5). */
export function addPhotos(current: File[], incoming: File[]): File[] {
  const fitting = incoming.filter((f) => PHOTO_TYPES.includes(f.type) && f.size <= MAX_PHOTO_BYTES);
  return [...current, ...fitting].slice(0, MAX_PHOTOS);
}
