import type { OrderEvent } from '@/api/types';
import { formatConsoleDateTime } from '@/lib/format';
import { EVENT_LABELS, STAFF_ONLY_EVENTS } from '../labels';

/** Everything that happened to the order, oldest first, with the time and any note;
 * the events the customer's timeline leaves out are marked. */
export function OrderEvents({ events }: { events: OrderEvent[] }) {
  return (
    <ol aria-label="Timeline" className="space-y-3 border-l-2 border-slate-200 pl-4">
      {events.map((event, i) => (
        <li key={`${event.type}-${event.at}-${i}`} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand" />
          <p className="font-medium">
            {/* A kind of event newer than these types still shows, by its API name. */}
            {EVENT_LABELS[event.type] ?? event.type}
            {STAFF_ONLY_EVENTS.has(event.type) && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">Not shown to the customer</span>}
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={event.at}>{formatConsoleDateTime(event.at)}</time>
          </p>
          {event.note && <p className="break-words text-sm text-slate-800">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
