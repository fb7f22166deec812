import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { PriceBreaksButton } from '@/admin/trade';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ProductFormFields } from '../product-form-schema';
import { generateRows, newRow, optionsLabel, productOptions, type VariantRow } from '../variant-grid';
import { CellError, controlClass } from './form-controls';
import { AlertsWaiting } from './stock-badge';

type Cell = 'sku' | 'price' | 'stock' | 'weightGrams';
const cellClass = cn(controlClass, 'h-10 min-w-0');

/** The variants of a product with options: one row each (its values, SKU, price, starting
 * stock for a new row, weight, image), in the order the shop shows them. 'Generate all
 * combinations' keeps the rows whose values still exist and adds the missing ones with a
 * suggested SKU. An existing variant taken out is deleted on save, or archived if an order
 * names it; until then it is listed below the grid and can be kept. Existing variants' stock
 * moves only by a change with a reason, under Stock; beside it, how many back-in-stock
 * e-mails wait for the variant (`alertsWaiting`, by variant id). */
export function VariantGridEditor({
  form,
  images,
  alertsWaiting,
}: {
  form: UseFormReturn<ProductFormFields>;
  images: string[];
  alertsWaiting?: Record<string, number> | null;
}) {
  const id = useId();
  const { fields, append, remove, move, replace } = useFieldArray({ control: form.control, name: 'variants' });
  const rows = useWatch({ control: form.control, name: 'variants' });
  const options = productOptions(useWatch({ control: form.control, name: 'options' })).filter((option) => option.name !== '');
  const errors = form.formState.errors.variants;
  const [removed, setRemoved] = useState<VariantRow[]>([]);

  const defaults = () => {
    const first = form.getValues('variants')[0];
    return { productName: form.getValues('name'), price: first?.price ?? form.getValues('price'), weightGrams: first?.weightGrams ?? '' };
  };
  const takeOut = (dropped: VariantRow[]) => {
    const existing = dropped.filter((row) => row._id);
    if (existing.length > 0) setRemoved((before) => [...before, ...existing]);
  };
  const generate = () => {
    const next = generateRows(options, form.getValues('variants'), defaults());
    replace(next.rows);
    takeOut(next.dropped);
  };
  const removeRow = (i: number) => {
    takeOut([form.getValues(`variants.${i}`)]);
    remove(i);
  };
  const keep = (row: VariantRow) => {
    setRemoved((before) => before.filter((other) => other !== row));
    append(row);
  };
  const setOption = (i: number, name: string, value: string) => {
    const current = form.getValues(`variants.${i}.options`);
    form.setValue(`variants.${i}.options`, { ...current, [name]: value }, { shouldDirty: true });
  };

  const cellError = (i: number, cell: Cell | 'options' | 'image') => {
    const message = errors?.[i]?.[cell]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const cellProps = (i: number, cell: Cell, label: string) => {
    const message = cellError(i, cell);
    return {
      'aria-label': `${label}, variant ${i + 1}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id}-${i}-${cell}-error` : undefined,
      className: cellClass,
      ...form.register(`variants.${i}.${cell}`),
    };
  };

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">Variants</legend>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" className="h-11" onClick={generate} disabled={options.length === 0}>
          Generate all combinations
        </Button>
        <Button type="button" variant="outline" className="h-11" onClick={() => append(newRow({}, defaults(), form.getValues('variants').map((row) => row.sku)))}>
          Add variant
        </Button>
      </div>
      {fields.length > 0 && (
        <div role="region" aria-label="Variants table" tabIndex={0} className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Values
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  SKU
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Price
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Stock
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Weight (g)
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Image
                </th>
                <th scope="col" className="py-1 font-medium">
                  <span className="sr-only">Price breaks, order and remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, i) => {
                const row = rows[i] ?? field;
                const rowError = cellError(i, 'options');
                return (
                  <tr key={field.id} className="border-t border-slate-100 align-top">
                    <td className="space-y-1 py-2 pr-2">
                      {options.map((option, k) => (
                        <select
                          key={`${k}-${option.name}`}
                          aria-label={`${option.name}, variant ${i + 1}`}
                          value={row.options[option.name] ?? ''}
                          onChange={(event) => setOption(i, option.name, event.target.value)}
                          aria-invalid={rowError ? true : undefined}
                          aria-describedby={rowError ? `${id}-${i}-options-error` : undefined}
                          className={cellClass}
                        >
                          <option value="">{option.name}?</option>
                          {option.values.map((value) => (
                            <option key={value} value={value}>
                              {value}
                            </option>
                          ))}
                        </select>
                      ))}
                      <CellError id={`${id}-${i}-options-error`} message={rowError} />
                    </td>
                    <td className="py-2 pr-2">
                      <input maxLength={64} {...cellProps(i, 'sku', 'SKU')} />
                      <CellError id={`${id}-${i}-sku-error`} message={cellError(i, 'sku')} />
                    </td>
                    <td className="w-28 py-2 pr-2">
                      <input inputMode="decimal" {...cellProps(i, 'price', 'Price')} />
                      <CellError id={`${id}-${i}-price-error`} message={cellError(i, 'price')} />
                    </td>
                    <td className="w-28 py-2 pr-2">
                      {row._id ? (
                        <span className="inline-flex min-h-10 flex-wrap items-center gap-2 tabular-nums">
                          {row.stock}
                          <AlertsWaiting count={alertsWaiting?.[row._id]} />
                        </span>
                      ) : (
                        <>
                          <input inputMode="numeric" {...cellProps(i, 'stock', 'Starting stock')} />
                          <CellError id={`${id}-${i}-stock-error`} message={cellError(i, 'stock')} />
                        </>
                      )}
                    </td>
                    <td className="w-28 py-2 pr-2">
                      <input inputMode="numeric" {...cellProps(i, 'weightGrams', 'Weight in grams')} />
                      <CellError id={`${id}-${i}-weightGrams-error`} message={cellError(i, 'weightGrams')} />
                    </td>
                    <td className="py-2 pr-2">
                      <select aria-label={`Image, variant ${i + 1}`} className={cellClass} {...form.register(`variants.${i}.image`)}>
                        <option value="">None</option>
                        {images.map((image, n) => (
                          <option key={image} value={image}>
                            Photo {n + 1}
                          </option>
                        ))}
                      </select>
                      <CellError id={`${id}-${i}-image-error`} message={cellError(i, 'image')} />
                    </td>
                    <td className="whitespace-nowrap py-2">
                      {/* A saved variant's quantity breaks are saved on their own, not with the form. */}
                      {field._id && <PriceBreaksButton variantId={field._id} sku={field.sku} />}
                      <Button type="button" variant="ghost" className="h-10 w-10 p-0" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move variant ${i + 1} up`}>
                        <ArrowUp className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" className="h-10 w-10 p-0" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move variant ${i + 1} down`}>
                        <ArrowDown className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" className="h-10 w-10 p-0" onClick={() => removeRow(i)} aria-label={`Remove variant ${i + 1}`}>
                        <X className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {errors?.root?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      {removed.length > 0 && (
        <div role="status" className="space-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>Taken out when you save: deleted, or archived (gone from the shop, its SKU kept) if an order names it.</p>
          <ul className="space-y-1">
            {removed.map((row) => (
              <li key={row._id} className="flex flex-wrap items-center gap-2">
                <span className="font-mono">{row.sku}</span>
                <span>{optionsLabel(row.options)}</span>
                <Button type="button" variant="outline" className="h-8" onClick={() => keep(row)}>
                  Keep {row.sku}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
