import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import type { Category, CustomerGroupRequest } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ORDER_DISCOUNT_PERCENT } from '@/lib/rules';
import { showRefusal } from '../show-refusal';
import { groupErrorField, groupRequest, groupSchema, MAX_GROUP_NAME_CHARS, type GroupFormValues } from '../trade-schema';
import { CategoryDiscounts } from './category-discounts';

/** A customer group's fields, checked as the server checks them; when the server still
 * refuses, its `errors` show on the fields they name (a discount's category or percent)
 * and anything else above the button (a name taken, a save someone else's overtook).
 * `save` sends the request and rejects with the ApiError. */
export function CustomerGroupForm({
  initial,
  categories,
  submitLabel,
  save,
}: {
  initial: GroupFormValues;
  categories: Category[];
  submitLabel: string;
  save: (body: CustomerGroupRequest) => Promise<unknown>;
}) {
  const form = useForm<GroupFormValues>({ resolver: zodResolver(groupSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(groupRequest(values));
    } catch (error) {
      showRefusal(form, error, (key) => groupErrorField(key, values.categoryDiscounts.length), 'Failed to save the customer group');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="Name" hint="Staff see it; the customer sees it on their account, e.g. Trade or Contractors." error={errors.name?.message}>
        {({ id, describedBy }) => (
          <input id={id} maxLength={MAX_GROUP_NAME_CHARS} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy} className={`${fieldControlClass} h-11`} {...form.register('name')} />
        )}
      </Field>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="h-5 w-5" {...form.register('cartDiscount')} />
        Apply the shop’s {ORDER_DISCOUNT_PERCENT} % cart discount
      </label>
      <CategoryDiscounts form={form} categories={categories} />
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="h-11 w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
