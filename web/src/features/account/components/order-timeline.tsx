import { Check } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { OrderStep } from '../samples';

/** An order's steps: those reached with their date, those still to come greyed out
 * (spec §4). */
export function OrderTimeline({ steps }: { steps: OrderStep[] }) {
  const current = steps.findLastIndex((step) => step.at);
  return (
    <ol aria-label="Order status" className="space-y-0">
      {steps.map((step, i) => {
        const reached = Boolean(step.at);
        return (
          <li key={step.label} aria-current={i === current ? 'step' : undefined} className="relative flex gap-3 pb-6 last:pb-0">
            {i < steps.length - 1 && <span aria-hidden="true" className={cn('absolute left-3 top-7 h-[calc(100%-1.75rem)] w-0.5', steps[i + 1].at ? 'bg-brand' : 'bg-slate-200')} />}
            <span
              aria-hidden="true"
              className={cn('flex h-6 w-6 shrink-0 items-center justify-center rounded-full', reached ? 'bg-brand text-white' : 'border-2 border-slate-300 bg-white')}
            >
              {reached && <Check className="h-4 w-4" />}
            </span>
            <div className={reached ? undefined : 'text-slate-400'}>
              <p className="font-medium">{step.label}</p>
              {step.at ? (
                <p className="text-sm text-slate-600">
                  <time dateTime={step.at}>{formatDate(step.at)}</time>
                </p>
              ) : (
                <p className="text-sm">Not yet</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
