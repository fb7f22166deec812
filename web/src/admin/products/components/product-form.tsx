import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/admin/shared/components/form-field';
import { ADMIN_PRODUCTS_KEY } from '@/api/query-keys';
import type { AdminProductList, Category } from '@/api/types';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { MAX_DISCOUNT_PERCENT, MAX_NAME_CHARS, MAX_PRICE, MIN_PRICE } from '@/lib/rules';
import { cn } from '@/lib/utils';
import { TAX_CLASSES } from '../product-schema';
import { optionNamesOf, productErrorPath, productFormRequest, productFormSchema, type ProductFormFields } from '../product-form-schema';
import { optionNameSuggestions } from '../variant-grid';
import type { VariantProductRequest } from '../variant-types';
import { controlClass, Select } from './form-controls';
import { ProductOptions } from './product-options';
import { RelatedProductsEditor } from './related-products-editor';
import { SaleUnitFields } from './sale-unit-fields';
import { VariantGridEditor } from './variant-grid-editor';

/** Option names to offer: the common ones, then those of every product the console has loaded. */
function useOptionNameSuggestions(initial: ProductFormFields) {
  const client = useQueryClient();
  const loaded = client.getQueriesData<AdminProductList>({ queryKey: ADMIN_PRODUCTS_KEY }).flatMap(([, list]) => list?.products ?? []);
  return optionNameSuggestions([...initial.options.map((option) => option.name), ...optionNamesOf(loaded)]);
}

/** Every field of a product. The sub-categories offered are the chosen category's;
 * fields are checked as the server checks them, and when the server still refuses, its
 * `errors` show on the fields they name and its message above the button. `save` sends
 * the request and rejects with the server's ApiError. A new product's form has its first
 * units in stock; an existing one's has none (`withStock` false): its stock moves only by
 * a change with a reason (ProductStock), never by saving the number the form loaded. With
 * options, the product's price and stock give way to the variant grid (each new variant with
 * its starting stock); `images` are the photos a variant may show. 'You'll also need' links
 * other products, never `productId` itself (a new product has none yet). `alertsWaiting`
 * (by variant id) is how many back-in-stock e-mails wait for each saved variant. */
export function ProductForm({
  categories,
  initial,
  submitLabel,
  save,
  withStock = true,
  images = [],
  productId,
  alertsWaiting,
}: {
  categories: Category[];
  initial: ProductFormFields;
  submitLabel: string;
  save: (body: VariantProductRequest) => Promise<unknown>;
  withStock?: boolean;
  images?: string[];
  productId?: string;
  alertsWaiting?: Record<string, number> | null;
}) {
  const form = useForm<ProductFormFields>({ resolver: zodResolver(productFormSchema), defaultValues: initial });
  const suggestions = useOptionNameSuggestions(initial);
  const hasOptions = useWatch({ control: form.control, name: 'options' }).length > 0;
  const { errors, isSubmitting } = form.formState;
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const subCategories = categories.find((category) => category._id === categoryId)?.subCategories ?? [];

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(productFormRequest(values));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.errors ?? {}) : {};
      for (const [key, message] of Object.entries(fieldErrors)) {
        const path = productErrorPath(key);
        // The paths are the form's own (a grid row's cell, an option, a field).
        if (path) form.setError(path as keyof ProductFormFields, { message }, { shouldFocus: true });
      }
      form.setError('root', { message: errorMessage(error, 'Failed to save the product') });
    }
  });

  const categoryField = form.register('categoryId', {
    // A new category empties the sub-category, unless the one chosen is also the new one's.
    onChange: (event: { target: { value: string } }) => {
      const next = categories.find((category) => category._id === event.target.value);
      if (!next?.subCategories.some((sub) => sub._id === form.getValues('subCategoryId'))) form.setValue('subCategoryId', '');
    },
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField label="Name" error={errors.name?.message} maxLength={MAX_NAME_CHARS} {...form.register('name')} />
      <Field label="Description" error={errors.description?.message}>
        {({ id, describedBy }) => (
          <textarea id={id} rows={6} aria-invalid={errors.description ? true : undefined} aria-describedby={describedBy} className={cn(controlClass, 'py-2')} {...form.register('description')} />
        )}
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {!hasOptions && (
        <Field label="Price (list price)" hint={`${MIN_PRICE} to ${MAX_PRICE}, up to two decimals.`} error={errors.price?.message}>
          {({ id, describedBy }) => <input id={id} inputMode="decimal" aria-invalid={errors.price ? true : undefined} aria-describedby={describedBy} className={cn(controlClass, 'h-11')} {...form.register('price')} />}
        </Field>
        )}
        {withStock && !hasOptions && (
          <Field label="Units in stock" error={errors.stock?.message}>
            {({ id, describedBy }) => <input id={id} inputMode="numeric" aria-invalid={errors.stock ? true : undefined} aria-describedby={describedBy} className={cn(controlClass, 'h-11')} {...form.register('stock')} />}
          </Field>
        )}
        <Field label="Discount (%)" hint={`0 for none; at most ${MAX_DISCOUNT_PERCENT}.${hasOptions ? ' Applies to each variant’s own price.' : ''}`} error={errors.discountPercentage?.message}>
          {({ id, describedBy }) => (
            <input id={id} inputMode="decimal" aria-invalid={errors.discountPercentage ? true : undefined} aria-describedby={describedBy} className={cn(controlClass, 'h-11')} {...form.register('discountPercentage')} />
          )}
        </Field>
        <Field label="Discount ends (optional)" hint="The last day it runs (UTC). Empty: until you change it." error={errors.discountEndDate?.message}>
          {({ id, describedBy }) => (
            <input id={id} type="date" aria-invalid={errors.discountEndDate ? true : undefined} aria-describedby={describedBy} className={cn(controlClass, 'h-11')} {...form.register('discountEndDate')} />
          )}
        </Field>
        <Field label="Category" error={errors.categoryId?.message}>
          {({ id, describedBy }) => (
            <Select id={id} aria-invalid={errors.categoryId ? true : undefined} aria-describedby={describedBy} {...categoryField}>
              <option value="">Choose a category</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Sub-category"
          hint={categoryId && subCategories.length === 0 ? 'This category has no sub-categories yet: add one under Categories first.' : undefined}
          error={errors.subCategoryId?.message}
        >
          {({ id, describedBy }) => (
            <Select id={id} disabled={!categoryId} aria-invalid={errors.subCategoryId ? true : undefined} aria-describedby={describedBy} {...form.register('subCategoryId')}>
              <option value="">{categoryId ? 'Choose a sub-category' : 'Choose a category first'}</option>
              {subCategories.map((sub) => (
                <option key={sub._id} value={sub._id}>
                  {sub.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <FormField label="Size (optional)" error={errors.size?.message} maxLength={50} {...form.register('size')} />
        <FormField label="Colour (optional)" error={errors.color?.message} maxLength={50} {...form.register('color')} />
        <Field label="Tax class" hint="Which of the shop's tax rates its price carries." error={errors.taxClass?.message}>
          {({ id, describedBy }) => (
            <Select id={id} aria-invalid={errors.taxClass ? true : undefined} aria-describedby={describedBy} {...form.register('taxClass')}>
              {TAX_CLASSES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <ProductOptions form={form} suggestions={suggestions} />
      {hasOptions && <VariantGridEditor form={form} images={images} alertsWaiting={alertsWaiting} />}
      <SaleUnitFields form={form} />
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="h-5 w-5" {...form.register('featured')} />
        Featured: shown among the home page’s top products
      </label>
      <RelatedProductsEditor form={form} productId={productId} />
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
