import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { canSuggest, useSuggestions } from '@/features/catalog';
import { useDebounced } from '@/lib/use-debounced';
import type { QuickOrderLine } from '../parse';

/** How long the SKU box waits after the last key before asking for suggestions (as the
 * header's search box). */
const SUGGEST_DELAY_MS = 200;

interface Problems {
  sku?: string;
  quantity?: string;
}

/** Why `sku` and `quantity` cannot make a line; none when they can. A SKU with a space or
 * a comma would read back as two parts. */
function check(sku: string, quantity: string): Problems {
  const problems: Problems = {};
  if (sku === '') problems.sku = 'Enter a SKU';
  else if (/[\s,]/.test(sku)) problems.sku = 'A SKU has no spaces or commas';
  if (!/^\d+$/.test(quantity) || Number(quantity) < 1) problems.quantity = 'Enter a whole number of at least 1';
  return problems;
}

/** One line typed at a time: a SKU (the search's products suggested as it is typed, by
 * their SKU) and a quantity, added as a row to quick order's text by `onAdd`. */
export function AddLineForm({ onAdd }: { onAdd: (line: QuickOrderLine) => void }) {
  const listId = useId();
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [problems, setProblems] = useState<Problems>({});
  const skuInput = useRef<HTMLInputElement>(null);
  const asked = useDebounced(sku, SUGGEST_DELAY_MS);
  const suggestions = useSuggestions(asked).data;
  const suggested = canSuggest(sku) && suggestions ? suggestions.products.filter((product) => product.sku) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = { sku: sku.trim(), quantity: quantity.trim() };
    const found = check(typed.sku, typed.quantity);
    setProblems(found);
    if (found.sku || found.quantity) return;
    onAdd({ sku: typed.sku, quantity: Number(typed.quantity) });
    setSku('');
    setQuantity('1');
    skuInput.current?.focus();
  };

  return (
    <form aria-label="Add a line" noValidate onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-start">
      <FormField
        ref={skuInput}
        label="SKU"
        list={listId}
        autoComplete="off"
        maxLength={100}
        value={sku}
        error={problems.sku}
        onChange={(event) => {
          setSku(event.target.value);
          setProblems((current) => ({ ...current, sku: undefined }));
        }}
      />
      <datalist id={listId}>
        {suggested.map((product) => (
          <option key={product._id} value={product.sku ?? ''}>
            {product.name}
          </option>
        ))}
      </datalist>
      <FormField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={quantity}
        error={problems.quantity}
        onChange={(event) => {
          setQuantity(event.target.value);
          setProblems((current) => ({ ...current, quantity: undefined }));
        }}
      />
      <Button type="submit" variant="outline" className="h-11 sm:mt-6">
        Add line
      </Button>
    </form>
  );
}
