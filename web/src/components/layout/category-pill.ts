// How a category's pill looks, in the bar (category-menu.tsx) and in its lazily loaded
// panels (category-panels.tsx): a module of their own, so the panels do not import the
// menu that loads them.
import { cn } from '@/lib/utils';

/** A category's pill in the bar, marked when its listing is the page. */
export const pillClass = (current: boolean) =>
  cn('block whitespace-nowrap rounded-full px-3 py-1.5 text-sm', current ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100');
