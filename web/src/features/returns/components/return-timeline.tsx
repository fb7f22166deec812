import { Check, X } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { ReturnEvent } from '../api/types';
import { STATUS_LABELS } from '../returns';

/** The return's steps so far, oldest first, each with its date and what was said; a
 * rejection or a cancellation marked as such. */
export function ReturnTimeline({ events }: { events: ReturnEvent[] }) {
  return (
    <ol aria-label="Return status">
      {events.map((event, i) => {
        const stopped = event.type === 'rejected' || event.type === 'cancelled';
        return (
          <li key={`${event.type}-${event.at}`} aria-current={i === events.length - 1 ? 'step' : undefined} className="relative flex gap-3 pb-6 last:pb-0">
            {i < events.length - 1 && <span aria-hidden="true" className="absolute left-3 top-7 h-[calc(100%-1.75rem)] w-0.5 bg-brand" />}
            <span aria-hidden="true" className={cn('flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-white', stopped ? 'bg-red-600' : 'bg-brand')}>
              {stopped ? <X className="h-4 w-4" /> : <Check className="h-4 w-4" />}
            </span>
            <div>
              <p className={cn('font-medium', stopped && 'text-red-700')}>{STATUS_LABELS[event.type]}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={event.at}>{formatDate(event.at)}</time>
              </p>
              {event.note && <p className="text-sm text-slate-600">{event.note}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
