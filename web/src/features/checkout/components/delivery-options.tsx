import type { DeliveryOption } from '@/features/orders';
import { formatRupee } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The delivery methods that serve the postcode (docs/DESIGN.md §10), each with what it
 * costs this order, or why it cannot take it (disabled); `chosen` is the one the Order
 * Summary's Delivery Fee is that of. `refusal` says why none can be used ('We do not
 * deliver to this postcode'); `error` why the last order refused the method chosen.
 * Amounts are charges, as the summary's fee: the API's. */
export function DeliveryOptions({
  options,
  chosen,
  refusal,
  error = null,
  onChoose,
}: {
  options: DeliveryOption[];
  chosen: string | null;
  refusal: string | null;
  error?: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-lg font-semibold">Delivery method</legend>
      {error && !refusal && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {refusal ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {refusal}
        </p>
      ) : (
        options.map((option) => (
          <label
            key={option._id}
            className={cn(
              'flex min-h-11 items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm',
              chosen === option._id ? 'border-brand bg-sky-50' : 'border-slate-200',
              !option.available && 'text-slate-500',
            )}
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name="delivery-method"
                value={option._id}
                checked={chosen === option._id}
                disabled={!option.available}
                onChange={() => onChoose(option._id)}
                className="h-5 w-5 accent-brand"
              />
              <span>
                {option.name}
                {!option.available && option.reason && <span className="block text-xs">{option.reason}</span>}
              </span>
            </span>
            <span className="shrink-0 font-medium">{option.available && option.price != null ? (option.price === 0 ? 'Free' : formatRupee(option.price)) : '–'}</span>
          </label>
        ))
      )}
    </fieldset>
  );
}
