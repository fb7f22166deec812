import { useState, type ChangeEvent } from 'react';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import type { DeliveryOptionView } from '@/api/types';
import { currencySymbol, formatRupee } from '@/lib/format';
import { postcodeProblem } from '@/lib/postcode';
import { MAX_POSTCODE_CHARS, MAX_WEIGHT_GRAMS } from '@/lib/rules';
import { useDeliveryPreview, type PreviewQuery } from '../api/delivery-methods';
import { gramsToKg, isAmount, kgToGrams, METHOD_MESSAGES } from '../delivery-schema';

type PreviewTexts = { postcode: string; weightKg: string; goods: string };

const START: PreviewTexts = { postcode: '', weightKg: '1', goods: '0' };

/** The parcel the texts describe, or what is wrong with each: a postcode the checkout
 * would take (blank: none), a weight in kilograms, the goods as an amount. */
function readPreview(texts: PreviewTexts): { query: PreviewQuery | null; errors: Partial<Record<keyof PreviewTexts, string>> } {
  const errors: Partial<Record<keyof PreviewTexts, string>> = {};
  const postcode = texts.postcode.trim();
  const problem = postcodeProblem(postcode);
  if (problem) errors.postcode = problem;
  const weightGrams = kgToGrams(texts.weightKg.trim());
  if (weightGrams === null || weightGrams > MAX_WEIGHT_GRAMS) errors.weightKg = `A weight from 0 to ${gramsToKg(MAX_WEIGHT_GRAMS)} kg, three decimals at most`;
  const goods = texts.goods.trim();
  if (!isAmount(goods)) errors.goods = METHOD_MESSAGES.amount;
  const valid = Object.keys(errors).length === 0 && weightGrams !== null;
  return { query: valid ? { postcode, weightGrams, goods: Number(goods) } : null, errors };
}

/** The parcel asked about first: no postcode, 1 kg, no goods. */
const START_QUERY = readPreview(START).query as PreviewQuery;

/** An option's price ('₹250.00', 'Free'), or why it cannot carry the parcel. */
const optionAnswer = (option: DeliveryOptionView) => (option.available && option.price != null ? (option.price === 0 ? 'Free' : formatRupee(option.price)) : (option.reason ?? 'Not available'));

/** 'Preview': which methods a checkout would offer for a postcode, a weight and the
 * goods, by the server's own rules, as staff type them. Each valid change asks again
 * (the query key holds the parcel, so typing back an earlier one answers from the
 * cache); a field that is not valid says so and leaves the last answer in place. */
export function DeliveryPreviewSection() {
  const [texts, setTexts] = useState<PreviewTexts>(START);
  const [query, setQuery] = useState<PreviewQuery>(START_QUERY);
  const { errors } = readPreview(texts);
  const preview = useDeliveryPreview(query);

  const change = (field: keyof PreviewTexts) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...texts, [field]: event.target.value };
    setTexts(next);
    const read = readPreview(next);
    if (read.query) setQuery(read.query);
  };

  const input =
    (field: keyof PreviewTexts, props: { inputMode?: 'decimal'; maxLength?: number; autoCapitalize?: string } = {}) =>
    ({ id, describedBy }: { id: string; describedBy?: string }) => (
      <input
        id={id}
        value={texts[field]}
        onChange={change(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy}
        className={`${fieldControlClass} h-11`}
        {...props}
      />
    );

  return (
    <section aria-labelledby="delivery-preview-heading" className="space-y-3">
      <h2 id="delivery-preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="text-sm text-slate-600">What a checkout offers for a parcel, by the methods as they are saved.</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field label="Postcode" hint="Empty: none given (only methods for everywhere apply)." error={errors.postcode}>
          {input('postcode', { maxLength: MAX_POSTCODE_CHARS, autoCapitalize: 'characters' })}
        </Field>
        <Field label="Weight (kg)" error={errors.weightKg}>
          {input('weightKg', { inputMode: 'decimal' })}
        </Field>
        <Field label={`Goods (${currencySymbol('rupees')})`} hint="After discounts." error={errors.goods}>
          {input('goods', { inputMode: 'decimal' })}
        </Field>
      </div>
      {preview.isPending ? (
        <LoadingRows label="Loading the preview" rows={2} />
      ) : preview.isError ? (
        <LoadFailed error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <div aria-busy={preview.isFetching} className="space-y-2 rounded-lg border border-slate-200 p-4 text-sm">
          {preview.data.options.length > 0 && (
            <>
              <p>
                For {preview.data.query.postcode ? `postcode ${preview.data.query.postcode}` : 'no postcode'} and {gramsToKg(preview.data.query.weightGrams)} kg these methods apply:
              </p>
              <ul aria-label="Methods that apply" className="list-disc space-y-1 pl-5">
                {preview.data.options.map((option) => (
                  <li key={option._id} className={option.available ? undefined : 'text-slate-600'}>
                    {option.name}: {optionAnswer(option)}
                    {option._id === preview.data.chosen && <strong className="font-medium"> (used when the shopper does not choose)</strong>}
                  </li>
                ))}
              </ul>
            </>
          )}
          {preview.data.refusal && (
            <p role="status" className="font-medium text-red-700">
              {preview.data.refusal}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
