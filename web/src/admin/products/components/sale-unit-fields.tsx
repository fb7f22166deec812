import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/admin/shared/components/form-field';
import { cn } from '@/lib/utils';
import type { ProductFormFields } from '../product-form-schema';
import { SALE_UNITS } from '../variant-schema';
import { controlClass, Select } from './form-controls';

/** How the product is sold (docs/DESIGN.md §9): each, by the whole metre or in packs, and
 * the least a shopper may order and the step quantities go up in (the minimum a multiple of it). */
export function SaleUnitFields({ form }: { form: UseFormReturn<ProductFormFields> }) {
  const { errors } = form.formState;
  const unit = useWatch({ control: form.control, name: 'unit' });
  const input = (name: 'packSize' | 'minQuantity' | 'quantityStep') => ({ id, describedBy }: { id: string; describedBy?: string }) => (
    <input id={id} inputMode="numeric" aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy} className={cn(controlClass, 'h-11')} {...form.register(name)} />
  );
  return (
    <fieldset className="grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Sold</legend>
      <Field label="Sale unit" error={errors.unit?.message}>
        {({ id, describedBy }) => (
          <Select id={id} aria-describedby={describedBy} {...form.register('unit')}>
            {SALE_UNITS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {unit === 'pack' && (
        <Field label="Pieces in a pack" hint="At least 2." error={errors.packSize?.message}>
          {input('packSize')}
        </Field>
      )}
      <Field label="Minimum quantity" hint="In the sale unit: metres, packs or pieces." error={errors.minQuantity?.message}>
        {input('minQuantity')}
      </Field>
      <Field label="Quantity step" hint="Ordered in multiples of this; the minimum must be one." error={errors.quantityStep?.message}>
        {input('quantityStep')}
      </Field>
    </fieldset>
  );
}
