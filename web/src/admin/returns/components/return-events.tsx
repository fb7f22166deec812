import { formatConsoleDateTime } from '@/lib/format';
import { EVENT_LABELS } from '../labels';
import type { ReturnEvent } from '../types';

/** Everything that happened to the return, oldest first, with the time and any note. */
export function ReturnEvents({ events }: { events: ReturnEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Activity" className="space-y-3 border-l-2 border-slate-200 pl-4">
      {events.map((event, i) => (
        <li key={`${event.type}-${event.at}-${i}`} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand" />
          {/* A kind of event newer than these types still shows, by its API name. */}
          <p className="font-medium">{EVENT_LABELS[event.type] ?? event.type}</p>
          <p className="text-sm text-slate-600">
            <time dateTime={event.at}>{formatConsoleDateTime(event.at)}</time>
          </p>
          {event.note && <p className="break-words text-sm text-slate-800">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
