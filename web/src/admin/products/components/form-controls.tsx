import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The look of the product form's inputs and selects. */
export const controlClass = 'w-full rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500 disabled:bg-slate-100';

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClass, 'h-11', className)} {...props} />;
}

/** A message under a cell of a grid, named by the cell's aria-describedby. */
export function CellError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-red-600">
      {message}
    </p>
  );
}
