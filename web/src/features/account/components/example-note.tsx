import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

/** Says that what follows is example content, not the shopper's own data. */
export function ExampleNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}
