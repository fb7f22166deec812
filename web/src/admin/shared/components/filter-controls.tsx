// The pieces the console's filter bars are made of: a labelled control and a search box.
import { Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export const selectClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm md:h-9';
export const inputClass = 'h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand md:h-9';

/** A control with its label above it; `children` gets the id to put on the control. */
export function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A search field and its button; `onSearch` gets the trimmed text when it is sent.
 * Key it by the address's value, so clearing the filters empties the box too. */
export function SearchBox({ name, label, placeholder, value, onSearch }: { name: string; label: string; placeholder: string; value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  return (
    <form
      role="search"
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      className="flex gap-2"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} maxLength={200} className={inputClass} />
      <Button type="submit" className="h-11 md:h-9">
        <Search className="h-4 w-4" aria-hidden="true" /> Search
      </Button>
    </form>
  );
}
