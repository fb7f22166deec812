import { useId } from 'react';
import { describeOptions, LineVariant } from '@/components/ui/line-variant';
import { ProductImage } from '@/components/ui/product-bits';
import type { ReturnReason } from '../api/types';
import { type LineChoice, type LineErrors, REASON_LABELS, REASONS } from '../returns';
import { SelectField } from '@/components/ui/select-field';

/** An order line the form offers: what it was, and how many units can still go back. */
export interface ReturnableLine {
  variantId: string;
  name: string;
  options: Record<string, string>;
  sku?: string | null;
  image?: string | null;
  /** Units that can still be returned (at least 1). */
  returnable: number;
}

/** 'Compression elbow, Size: 22 mm · Finish: Chrome': a line as the cart names it. */
export const lineLabel = ({ name, options }: Pick<ReturnableLine, 'name' | 'options'>) => [name, describeOptions(options)].filter(Boolean).join(', ');

/** One order line on the return form: 'Return this item', how many (1 to what can still
 * go back) and why, with what is wrong with each. */
export function ReturnLineField({
  line,
  choice,
  errors = {},
  onChange,
}: {
  line: ReturnableLine;
  choice: LineChoice;
  errors?: LineErrors;
  onChange: (change: Partial<LineChoice>) => void;
}) {
  const id = useId();
  const label = lineLabel(line);
  return (
    <li aria-label={label} className="flex gap-3 py-4">
      <ProductImage path={line.image ?? undefined} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-md bg-slate-50 object-cover" />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <p className="break-words font-medium leading-snug">{line.name}</p>
          <LineVariant options={line.options} sku={line.sku} />
          <p className="text-sm text-slate-600">{line.returnable === 1 ? '1 unit can be returned' : `Up to ${line.returnable} units can be returned`}</p>
        </div>
        <label className="flex min-h-6 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand"
            checked={choice.selected}
            aria-label={`Return this item: ${label}`}
            aria-describedby={errors.line ? `${id}-line-error` : undefined}
            onChange={(event) => onChange({ selected: event.target.checked })}
          />
          Return this item
        </label>
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <SelectField label="Quantity" disabled={!choice.selected} value={choice.quantity} error={errors.quantity} onChange={(event) => onChange({ quantity: Number(event.target.value) })}>
            {Array.from({ length: line.returnable }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </SelectField>
          <SelectField label="Reason" disabled={!choice.selected} value={choice.reason} error={errors.reason} onChange={(event) => onChange({ reason: event.target.value as ReturnReason | '' })}>
            <option value="">Choose a reason</option>
            {REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REASON_LABELS[reason]}
              </option>
            ))}
          </SelectField>
        </div>
        {errors.line && (
          <p id={`${id}-line-error`} className="text-sm text-red-600">
            {errors.line}
          </p>
        )}
      </div>
    </li>
  );
}
