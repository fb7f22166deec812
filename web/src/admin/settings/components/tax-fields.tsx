import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Field, fieldControlClass as controlClass } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { MAX_ADDRESS_LINE, MAX_COUNTRY_RATES, MAX_SHOP_NAME, MAX_TAX_LABEL, TAX_CLASSES, type SettingsFormValues } from '../settings-schema';

type Form = UseFormReturn<SettingsFormValues>;
type TextField = 'name' | 'streetAddress' | 'townCity' | 'postcode' | 'addressCountry' | 'taxNumber' | 'country' | 'taxLabel' | 'standard' | 'reduced' | 'zero' | 'returnWindowDays';

const RATE_LABELS = { standard: 'Standard rate (%)', reduced: 'Reduced rate (%)', zero: 'Zero rate (%)' } as const;

function TextInput({ form, name, label, hint, maxLength, inputMode }: { form: Form; name: TextField; label: string; hint?: string; maxLength?: number; inputMode?: 'decimal' | 'numeric' }) {
  const error = form.formState.errors[name]?.message;
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <input id={id} maxLength={maxLength} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${controlClass} h-11`} {...form.register(name)} />
      )}
    </Field>
  );
}

/** Who the shop is on its invoices (docs/DESIGN.md §10). */
export function ShopIdentityFields({ form }: { form: Form }) {
  return (
    <section aria-labelledby="settings-shop" className="space-y-3">
      <h2 id="settings-shop" className="text-lg font-semibold">
        Shop
      </h2>
      <p className="text-sm text-slate-600">Invoices and credit notes print these.</p>
      <TextInput form={form} name="name" label="Shop name" maxLength={MAX_SHOP_NAME} />
      <TextInput form={form} name="streetAddress" label="Street address" maxLength={MAX_ADDRESS_LINE} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput form={form} name="townCity" label="Town / City" maxLength={MAX_ADDRESS_LINE} />
        <TextInput form={form} name="postcode" label="Postcode" maxLength={MAX_ADDRESS_LINE} />
        <TextInput form={form} name="addressCountry" label="Country" hint="Two letters, e.g. GB" maxLength={2} />
      </div>
      <TextInput form={form} name="taxNumber" label="Tax number (optional)" hint="e.g. a VAT registration number" maxLength={MAX_ADDRESS_LINE} />
    </section>
  );
}

/** How the shop taxes: its country, the tax's name, whether prices include it, the rates
 * per class there and in other countries it delivers to. */
export function TaxFields({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'countryRates' });
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="settings-tax" className="space-y-3">
      <h2 id="settings-tax" className="text-lg font-semibold">
        Tax
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput form={form} name="country" label="Shop’s country" hint="Its rates apply unless the delivery country has its own." maxLength={2} />
        <TextInput form={form} name="taxLabel" label="Tax label" hint="e.g. VAT or GST: the storefront’s ‘Inc. VAT / Ex. VAT’ switch says it." maxLength={MAX_TAX_LABEL} />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="h-5 w-5" {...form.register('pricesIncludeTax')} />
        Prices include tax (catalogue prices and delivery fees are what a household pays)
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        {TAX_CLASSES.map((taxClass) => (
          <TextInput key={taxClass} form={form} name={taxClass} label={RATE_LABELS[taxClass]} inputMode="decimal" />
        ))}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Rates in other countries</legend>
        {fields.length === 0 && <p className="text-sm text-slate-600">None: every delivery is taxed at the shop’s rates.</p>}
        {fields.map((row, index) => {
          const rowErrors = errors.countryRates?.[index];
          return (
            <div key={row.id} className="grid grid-cols-[5rem_1fr_1fr_1fr_auto] items-end gap-2">
              <Field label="Country" error={rowErrors?.code?.message}>
                {({ id, describedBy }) => (
                  <input id={id} maxLength={2} aria-invalid={rowErrors?.code ? true : undefined} aria-describedby={describedBy} className={`${controlClass} h-11`} {...form.register(`countryRates.${index}.code`)} />
                )}
              </Field>
              {TAX_CLASSES.map((taxClass) => (
                <Field key={taxClass} label={RATE_LABELS[taxClass]} error={rowErrors?.[taxClass]?.message}>
                  {({ id, describedBy }) => (
                    <input id={id} inputMode="decimal" aria-invalid={rowErrors?.[taxClass] ? true : undefined} aria-describedby={describedBy} className={`${controlClass} h-11`} {...form.register(`countryRates.${index}.${taxClass}`)} />
                  )}
                </Field>
              ))}
              <Button type="button" variant="outline" className="h-11" onClick={() => remove(index)} aria-label={`Remove the rates of row ${index + 1}`}>
                Remove
              </Button>
            </div>
          );
        })}
        {errors.countryRates?.message && <p className="text-sm text-red-600">{errors.countryRates.message}</p>}
        {errors.countryRates?.root?.message && <p className="text-sm text-red-600">{errors.countryRates.root.message}</p>}
        <Button type="button" variant="outline" className="h-11" disabled={fields.length >= MAX_COUNTRY_RATES} onClick={() => append({ code: '', standard: '', reduced: '', zero: '0' })}>
          Add a country
        </Button>
      </fieldset>
    </section>
  );
}

/** How long after completion goods may come back. */
export function ReturnFields({ form }: { form: Form }) {
  return (
    <section aria-labelledby="settings-returns" className="space-y-3">
      <h2 id="settings-returns" className="text-lg font-semibold">
        Returns
      </h2>
      <TextInput form={form} name="returnWindowDays" label="Return window (days)" hint="0 to 365, counted from the order’s completion; 0: no returns." inputMode="numeric" />
    </section>
  );
}
