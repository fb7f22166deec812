import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useId, useRef } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useShop } from '@/features/shop';
import { ApiError } from '@/lib/api-client';
import { countryName, countryOptions } from '@/lib/countries';
import { errorMessage } from '@/lib/errors';
import { PHONE_HINT } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { useApplyForTrade } from '../api/apply';
import type { TradeApplication } from '../api/types';
import { applicationFormValues, applicationRequest, isTradeField, TRADES, tradeApplicationSchema, type TradeApplicationForm as FormValues } from '../schemas';
import { SelectField } from '@/components/ui/select-field';

/** Every country, by name: the select's choices. */
const COUNTRIES = countryOptions();

/** Puts the server's messages under the fields they name (`address.postcode` is the
 * Postcode field), the first one focused; says anything else, a 409 among them, in a toast. */
function showRefusal(form: UseFormReturn<FormValues>, error: unknown) {
  const elsewhere: string[] = [];
  let placed = 0;
  for (const [name, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
    if (isTradeField(name)) form.setError(name, { type: 'server', message }, { shouldFocus: placed++ === 0 });
    else elsewhere.push(message);
  }
  if (elsewhere.length > 0) toast.error(elsewhere.join(' '));
  else if (placed === 0) toast.error(errorMessage(error, 'Failed to send the application'));
}

/** The trade application (docs/DESIGN.md §11) under its heading `title`: blank, or `from`
 * a rejected application to apply again with. Once sent, the page shows it as open. */
export function TradeApplicationForm({ userId, title, from }: { userId: string; title: string; from: TradeApplication | null }) {
  const apply = useApplyForTrade(userId);
  const shop = useShop();
  const headingId = useId();
  // Set at the first click, before a re-render could disable the button: a double click
  // sends one application.
  const sending = useRef(false);
  const form = useForm<FormValues>({ resolver: zodResolver(tradeApplicationSchema), defaultValues: applicationFormValues(from) });
  const { errors } = form.formState;
  const send = async (values: FormValues) => {
    try {
      const { message } = await apply.mutateAsync(applicationRequest(values));
      toast.success(message || 'Application sent');
    } catch (error) {
      showRefusal(form, error);
    }
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await form.handleSubmit(send)(event);
    } finally {
      sending.current = false;
    }
  };
  const shopCountry = shop.data?.country ? `${countryName(shop.data.country)} (the shop's country)` : "The shop's country";
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
          <FormField label="VAT or company number (optional)" error={errors.taxNumber?.message} {...form.register('taxNumber')} />
          <SelectField label="Trade" error={errors.trade?.message} {...form.register('trade')}>
            <option value="">Choose your trade</option>
            {TRADES.map((trade) => (
              <option key={trade.value} value={trade.value}>
                {trade.label}
              </option>
            ))}
          </SelectField>
          <FormField label="Phone number" type="tel" autoComplete="tel" hint={PHONE_HINT} error={errors.phoneNumber?.message} {...form.register('phoneNumber')} />
        </div>
        <fieldset className="space-y-4">
          <legend className="mb-3 font-semibold">Business address</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Street address" autoComplete="address-line1" error={errors.address?.streetAddress?.message} {...form.register('address.streetAddress')} />
            <FormField label="Town/City" autoComplete="address-level2" error={errors.address?.townCity?.message} {...form.register('address.townCity')} />
            <FormField label="Postcode" autoComplete="postal-code" error={errors.address?.postcode?.message} {...form.register('address.postcode')} />
            <SelectField label="Country" autoComplete="country" error={errors.address?.country?.message} {...form.register('address.country')}>
              <option value="">{shopCountry}</option>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>
        <Button type="submit" disabled={apply.isPending}>
          {apply.isPending ? 'Sending...' : 'Send application'}
        </Button>
      </form>
    </section>
  );
}
