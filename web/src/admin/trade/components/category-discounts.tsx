import { useId } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { fieldControlClass } from '@/admin/shared/components/form-field';
import type { Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { MAX_CATEGORY_DISCOUNTS, MAX_CATEGORY_PERCENT, type GroupFormValues } from '../trade-schema';

const controlClass = `${fieldControlClass} h-11`;

function CellError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-600">
      {message}
    </p>
  );
}

/** A group's category discounts as rows: a category or one of its sub-categories (the
 * shop's tree, each category with its own under it), and the percent off. Each row's
 * controls carry their own names ('Percent off, discount 2'). A category the shop no
 * longer has stays chosen, and says so, until staff change it. */
export function CategoryDiscounts({ form, categories }: { form: UseFormReturn<GroupFormValues>; categories: Category[] }) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'categoryDiscounts' });
  const chosen = useWatch({ control: form.control, name: 'categoryDiscounts' });
  const errors = form.formState.errors.categoryDiscounts;
  const known = new Set(categories.flatMap((category) => [category._id, ...category.subCategories.map((sub) => sub._id)]));
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-700">Category discounts</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Percent off the shop’s price of everything in a category, 1 to {MAX_CATEGORY_PERCENT}. A sub-category’s discount wins over its category’s, and a group price set for a variant wins over both.
      </p>
      {fields.length === 0 && <p className="text-sm text-slate-600">None: the group pays the shop’s prices, less its own group prices.</p>}
      <ol className="space-y-2">
        {fields.map((row, index) => {
          const n = index + 1;
          const value = chosen[index]?.categoryId ?? '';
          const categoryError = errors?.[index]?.categoryId?.message;
          const percentError = errors?.[index]?.percent?.message;
          const ids = { category: `${id}-${row.id}-category-error`, percent: `${id}-${row.id}-percent-error` };
          return (
            <li key={row.id} className="grid grid-cols-[1fr_7rem_auto] items-start gap-2">
              <div className="min-w-0 space-y-1">
                <select
                  aria-label={`Category, discount ${n}`}
                  aria-invalid={categoryError ? true : undefined}
                  aria-describedby={categoryError ? ids.category : undefined}
                  className={controlClass}
                  {...form.register(`categoryDiscounts.${index}.categoryId`)}
                >
                  <option value="">Choose a category</option>
                  {value !== '' && !known.has(value) && <option value={value}>A category the shop no longer has</option>}
                  {categories.map((category) => (
                    <optgroup key={category._id} label={category.title}>
                      <option value={category._id}>{category.title} (all of it)</option>
                      {category.subCategories.map((sub) => (
                        <option key={sub._id} value={sub._id}>
                          {category.title} › {sub.title}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <CellError id={ids.category} message={categoryError} />
              </div>
              <div className="min-w-0 space-y-1">
                <input
                  aria-label={`Percent off, discount ${n}`}
                  inputMode="numeric"
                  aria-invalid={percentError ? true : undefined}
                  aria-describedby={percentError ? ids.percent : undefined}
                  className={controlClass}
                  {...form.register(`categoryDiscounts.${index}.percent`)}
                />
                <CellError id={ids.percent} message={percentError} />
              </div>
              <Button type="button" variant="outline" className="h-11" aria-label={`Remove discount ${n}`} onClick={() => remove(index)}>
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      {listError && <p className="text-sm text-red-600">{listError}</p>}
      <Button type="button" variant="outline" className="h-11" disabled={fields.length >= MAX_CATEGORY_DISCOUNTS} onClick={() => append({ categoryId: '', percent: '' })}>
        Add a category discount
      </Button>
    </fieldset>
  );
}
