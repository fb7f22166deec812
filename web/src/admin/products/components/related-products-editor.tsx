import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';
import { useAdminProducts } from '../api/get-admin-products';
import { MAX_RELATED, RELATED_MESSAGES, type ProductFormFields } from '../product-form-schema';
import { DEFAULT_PRODUCTS_QUERY } from '../products';
import { ArchivedBadge } from './product-badges';
import { controlClass } from './form-controls';

/** How many products a search offers to add. */
export const RELATED_SEARCH_PER_PAGE = 8;

/** 'You'll also need' (docs/DESIGN.md §12): the products shown with this one on its page and
 * beside it in the cart, in this order, up to 12. An archived one may stay linked (the shop
 * leaves it out). Products are found as the products table finds them, among those in the
 * shop, leaving out `productId` itself (a new product has none yet) and those already linked.
 * The list is a field of the form: changing it is a change saved with the rest. */
export function RelatedProductsEditor({ form, productId }: { form: UseFormReturn<ProductFormFields>; productId?: string }) {
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: 'related' });
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const full = fields.length >= MAX_RELATED;
  const search = useAdminProducts({ ...DEFAULT_PRODUCTS_QUERY, q }, { perPage: RELATED_SEARCH_PER_PAGE, enabled: q !== '' && !full });
  const linked = new Set(fields.map((link) => link._id));
  const offered = (search.data?.products ?? []).filter((product) => product._id !== productId && !linked.has(product._id));
  const error = form.formState.errors.related?.root?.message ?? form.formState.errors.related?.message;

  // A change answers any refusal the server gave for the list: it is checked again on saving.
  const changed = () => form.clearErrors('related');

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">You’ll also need</legend>
      <p className="text-xs text-slate-600">
        Up to {MAX_RELATED} other products, shown on this product’s page and beside it in the cart in this order. An archived one stays linked but is not shown; with none to
        show, the shop offers the sub-category’s best sellers.
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-600">No products linked yet.</p>
      ) : (
        <ol aria-label="Linked products" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {fields.map((link, index) => (
            <li key={link.id} className="flex items-center justify-between gap-2 px-3 py-1">
              <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
                <span className="break-words">{link.name}</span>
                <ArchivedBadge product={link} />
              </span>
              <span className="flex shrink-0 gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="touchIcon"
                  aria-label={`Move ${link.name} up`}
                  disabled={index === 0}
                  onClick={() => {
                    move(index, index - 1);
                    changed();
                  }}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="touchIcon"
                  aria-label={`Move ${link.name} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => {
                    move(index, index + 1);
                    changed();
                  }}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="touchIcon"
                  aria-label={`Remove ${link.name}`}
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => {
                    remove(index);
                    changed();
                  }}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <Field label="Add a product" hint={full ? RELATED_MESSAGES.tooMany : 'Search by name; choose a product to add it at the end.'} error={error}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="search"
            value={text}
            disabled={full}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setText(event.target.value)}
            // Enter searches as typing does; it does not save the product.
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            className={cn(controlClass, 'h-11')}
          />
        )}
      </Field>
      {!full && q !== '' && (
        <div aria-live="polite" className="space-y-1">
          {search.isError ? (
            <p className="text-sm text-red-600">{search.error.message}</p>
          ) : search.isPending ? (
            <p className="text-sm text-slate-600">Searching...</p>
          ) : offered.length === 0 ? (
            <p className="text-sm text-slate-600">No other products match “{q}”.</p>
          ) : (
            <ul aria-label="Products to add" className="flex flex-col gap-1">
              {offered.map((product) => (
                <li key={product._id}>
                  <Button
                    type="button"
                    variant="outline"
                    className="h-11 w-full justify-start"
                    aria-label={`Add ${product.name}`}
                    onClick={() => {
                      append({ _id: product._id, name: product.name, archived: product.archived });
                      changed();
                    }}
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" />
                    <span className="truncate">{product.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
