import { ChevronDown, ChevronRight, Send } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { toast } from 'sonner';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { formatConsoleDateTime } from '@/lib/format';
import { DELIVERIES_PER_PAGE, useDeliveries, useResendDelivery } from '../api/deliveries';
import { eventLabel } from '../labels';
import type { Delivery, DeliveryAttempt } from '../types';
import { DeliveryStateBadge } from './badges';

const COLUMNS = 9;

/** A try's answer: the endpoint's HTTP status, or 'No answer' when none came (null, or
 * left out). */
export const attemptAnswer = (attempt: DeliveryAttempt) => (attempt.status == null ? 'No answer' : String(attempt.status));

/** The delivery's latest try, if it has been tried. */
export const lastAttempt = (delivery: Delivery): DeliveryAttempt | undefined =>
  delivery.attempts.reduce<DeliveryAttempt | undefined>((latest, attempt) => (!latest || Date.parse(attempt.at) >= Date.parse(latest.at) ? attempt : latest), undefined);

/** A page of the endpoint's deliveries, newest first: each event sent, where it stands and
 * how its last try went; every try on demand, and sending it again. */
export function DeliveriesTable({ webhookId, page, onPageChange }: { webhookId: string; page: number; onPageChange: (page: number) => void }) {
  const deliveries = useDeliveries(webhookId, page);
  if (deliveries.isPending) return <LoadingRows label="Loading deliveries" />;
  if (deliveries.isError) return <LoadFailed error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  const { deliveries: rows, total, page: shown } = deliveries.data;
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No deliveries yet: the shop sends one when an event this endpoint hears of happens.</p>;
  }
  return (
    <div className="space-y-4">
      <div role="region" aria-label="Deliveries table" aria-busy={deliveries.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[64rem] text-left text-sm">
          <caption className="sr-only">
            Deliveries, newest first, page {shown} of {pageCount(total, DELIVERIES_PER_PAGE)}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Event</th>
              <th scope="col" className="px-3 py-2">Event id</th>
              <th scope="col" className="px-3 py-2">State</th>
              <th scope="col" className="px-3 py-2 text-right">Tries</th>
              <th scope="col" className="px-3 py-2">Last answer</th>
              <th scope="col" className="px-3 py-2 text-right">Took</th>
              <th scope="col" className="px-3 py-2">Error</th>
              <th scope="col" className="px-3 py-2">Created</th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((delivery) => (
              <DeliveryRow key={delivery._id} webhookId={webhookId} delivery={delivery} />
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Deliveries pages" page={shown} total={total} perPage={DELIVERIES_PER_PAGE} noun={['delivery', 'deliveries']} onPageChange={onPageChange} />
    </div>
  );
}

/** One delivery; 'Show tries' opens a row of every try under it. */
function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: Delivery }) {
  const triesId = useId();
  const [open, setOpen] = useState(false);
  const resend = useResendDelivery(webhookId);
  const last = lastAttempt(delivery);
  const again = () =>
    resend.mutate(delivery._id, {
      onSuccess: ({ message }) => toast.success(message || 'Delivery sent again'),
      onError: (error) => toast.error(errorMessage(error, 'Failed to send the delivery again')),
    });
  return (
    <Fragment>
      <tr className="align-top hover:bg-slate-50">
        <th scope="row" className="px-3 py-2 font-medium">
          {eventLabel(delivery.type)}
        </th>
        <td className="break-all px-3 py-2 font-mono text-xs">{delivery.eventId}</td>
        <td className="px-3 py-2">
          <DeliveryStateBadge state={delivery.state} />
        </td>
        <td className="px-3 py-2 text-right">{delivery.attempts.length}</td>
        <td className="whitespace-nowrap px-3 py-2">{last ? attemptAnswer(last) : 'Not tried yet'}</td>
        <td className="whitespace-nowrap px-3 py-2 text-right">{last ? `${last.durationMs} ms` : '–'}</td>
        <td className="break-words px-3 py-2">{last?.error ?? '–'}</td>
        <td className="whitespace-nowrap px-3 py-2">
          <time dateTime={delivery.createdAt}>{formatConsoleDateTime(delivery.createdAt)}</time>
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-wrap justify-end gap-2">
            {delivery.attempts.length > 0 && (
              <Button variant="ghost" className="h-11 md:h-9" aria-expanded={open} aria-controls={open ? triesId : undefined} onClick={() => setOpen(!open)}>
                {open ? <ChevronDown className="h-4 w-4" aria-hidden="true" /> : <ChevronRight className="h-4 w-4" aria-hidden="true" />}
                {open ? 'Hide tries' : 'Show tries'}
              </Button>
            )}
            <Button variant="outline" className="h-11 md:h-9" disabled={resend.isPending} onClick={again}>
              <Send className="h-4 w-4" aria-hidden="true" />
              {resend.isPending ? 'Sending...' : 'Send again'}
            </Button>
          </div>
        </td>
      </tr>
      {open && (
        <tr id={triesId} className="bg-slate-50">
          <td colSpan={COLUMNS} className="px-3 py-2">
            <Attempts delivery={delivery} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** Every try at a delivery, first first. */
function Attempts({ delivery }: { delivery: Delivery }) {
  return (
    <table aria-label={`Tries of event ${delivery.eventId}`} className="w-full text-left text-xs">
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="px-2 py-1">Try</th>
          <th scope="col" className="px-2 py-1">When</th>
          <th scope="col" className="px-2 py-1">Answer</th>
          <th scope="col" className="px-2 py-1 text-right">Took</th>
          <th scope="col" className="px-2 py-1">Error</th>
        </tr>
      </thead>
      <tbody>
        {delivery.attempts.map((attempt, index) => (
          <tr key={`${attempt.at}-${index}`}>
            <td className="px-2 py-1">{index + 1}</td>
            <td className="whitespace-nowrap px-2 py-1">
              <time dateTime={attempt.at}>{formatConsoleDateTime(attempt.at)}</time>
            </td>
            <td className="px-2 py-1">{attemptAnswer(attempt)}</td>
            <td className="whitespace-nowrap px-2 py-1 text-right">{attempt.durationMs} ms</td>
            <td className="break-words px-2 py-1">{attempt.error ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
