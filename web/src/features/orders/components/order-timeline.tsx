import { Check, X } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { OrderStep } from '../order-steps';

/** An order's steps: those reached with their date, those still to come greyed out
 * (spec §4), a cancellation or a failed payment marked as such. */
export function OrderTimeline({ steps }: { steps: OrderStep[] }) {
  const current = steps.findLastIndex((step) => step.at);
  return (
    <ol aria-label="Order status" className="space-y-0">
      {steps.map((step, i) => {
        const reached = Boolean(step.at);
        const stopped = step.cancelled || step.failed;
        return (
          <li key={step.label} aria-current={i === current ? 'step' : undefined} className="relative flex gap-3 pb-6 last:pb-0">
            {i < steps.length - 1 && <span aria-hidden="true" className={cn('absolute left-3 top-7 h-[calc(100%-1.75rem)] w-0.5', steps[i + 1].at ? 'bg-brand' : 'bg-slate-200')} />}
            <span
              aria-hidden="true"
              className={cn(
                'flex h-6 w-6 shrink-0 items-center justify-center rounded-full',
                stopped ? 'bg-red-600 text-white' : reached ? 'bg-brand text-white' : 'border-2 border-slate-300 bg-white',
              )}
            >
              {stopped ? <X className="h-4 w-4" /> : reached && <Check className="h-4 w-4" />}
            </span>
            <div className={reached ? undefined : 'text-slate-500'}>
              <p className={cn('font-medium', stopped && 'text-red-700')}>{step.label}</p>
              {step.at ? (
                <p className="text-sm text-slate-600">
                  <time dateTime={step.at}>{formatDate(step.at)}</time>
                </p>
              ) : (
                <p className="text-sm">Not yet</p>
              )}
              {step.note && <p className="text-sm text-slate-600">{step.note}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
