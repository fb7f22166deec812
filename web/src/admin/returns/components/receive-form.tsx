import { useId, useRef, useState } from 'react';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { describeOptions } from '@/components/ui/line-variant';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { useMoveReturn } from '../api/move-return';
import type { MoveOutcome } from '../return-actions';
import { checkReceived, type ReceivedLine, receivedKey, restockedKey } from '../return-schema';
import type { Return, ReturnLine } from '../types';

/** A line as typed, and whether 'Back on sale' was changed by hand (until it is, it
 * follows 'Came back'). */
type LineState = ReceivedLine & { restockedTyped: boolean };

const initial = (lines: ReturnLine[]): Record<string, LineState> =>
  Object.fromEntries(lines.map((line) => [line.variantId, { received: String(line.quantity), restocked: String(line.quantity), restockedTyped: false }]));

const numberClass = cn(fieldControlClass, 'h-11 md:h-9');

/** 'Mark received': for each line, how many units came back (0 to the quantity returned,
 * all of them at first) and how many of those go back on sale (0 to what came back, all of
 * it at first); those are added to the variant's stock at once. Checked here first; the
 * server's refusals (`lines.<variantId>.received` / `.restocked`) show under their input. */
export function ReceiveForm({ ret, onClose, onDone, onRefused }: { ret: Return; onClose: () => void } & MoveOutcome) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const receive = useMoveReturn(ret._id);
  const [values, setValues] = useState(() => initial(ret.lines));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (variantId: string, field: 'received' | 'restocked', text: string) => {
    setValues((now) => {
      const line = now[variantId];
      const next = field === 'received' ? { ...line, received: text, restocked: line.restockedTyped ? line.restocked : text } : { ...line, restocked: text, restockedTyped: true };
      return { ...now, [variantId]: next };
    });
    setErrors(({ [receivedKey(variantId)]: _received, [restockedKey(variantId)]: _restocked, ...others }) => others);
  };

  const submit = async () => {
    const problems = checkReceived(ret.lines, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirst(formRef.current, problems);
      return;
    }
    const lines = ret.lines.map(({ variantId }) => ({ variantId, received: Number(values[variantId].received), restocked: Number(values[variantId].restocked) }));
    try {
      const { message } = await receive.mutateAsync({ kind: 'receive', lines });
      onDone(message || 'Return received');
    } catch (error) {
      const known = new Set(ret.lines.flatMap(({ variantId }) => [receivedKey(variantId), restockedKey(variantId)]));
      const placed = Object.fromEntries(Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {}).filter(([key]) => known.has(key)));
      if (Object.keys(placed).length > 0) {
        setErrors(placed);
        focusFirst(formRef.current, placed);
      } else {
        onRefused(errorMessage(error, 'Failed to mark the return received'));
      }
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="space-y-4 border-t border-slate-200 pt-3"
    >
      <div>
        <h3 id={headingId} className="font-semibold">
          What came back
        </h3>
        <p className="text-sm text-slate-600">What goes back on sale is added to the item&apos;s stock at once.</p>
      </div>
      {ret.lines.map((line) => {
        const value = values[line.variantId];
        const variant = [describeOptions(line.options), line.sku && `SKU: ${line.sku}`].filter(Boolean).join(' · ');
        return (
          <fieldset key={line.variantId} className="space-y-2 rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium">
              {line.name} · {line.quantity} returned{variant && <span className="font-normal text-slate-600"> · {variant}</span>}
            </legend>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Field label={`Came back: ${line.name}`} error={errors[receivedKey(line.variantId)]}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    name={receivedKey(line.variantId)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.quantity}
                    step={1}
                    value={value.received}
                    aria-invalid={errors[receivedKey(line.variantId)] ? true : undefined}
                    aria-describedby={describedBy}
                    onChange={(event) => change(line.variantId, 'received', event.target.value)}
                    className={numberClass}
                  />
                )}
              </Field>
              <Field label={`Back on sale: ${line.name}`} error={errors[restockedKey(line.variantId)]}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    name={restockedKey(line.variantId)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={Number(value.received) || 0}
                    step={1}
                    value={value.restocked}
                    aria-invalid={errors[restockedKey(line.variantId)] ? true : undefined}
                    aria-describedby={describedBy}
                    onChange={(event) => change(line.variantId, 'restocked', event.target.value)}
                    className={numberClass}
                  />
                )}
              </Field>
            </div>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="h-11 md:h-9" disabled={receive.isPending}>
          {receive.isPending ? 'Saving...' : 'Mark received'}
        </Button>
        <Button type="button" variant="outline" className="h-11 md:h-9" disabled={receive.isPending} onClick={onClose}>
          Not yet
        </Button>
      </div>
    </form>
  );
}

/** Moves the focus to the form's first input with a problem (the keys come in the form's order). */
function focusFirst(form: HTMLFormElement | null, errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  const input = first ? form?.elements.namedItem(first) : null;
  if (input instanceof HTMLInputElement) input.focus();
}
