import { Link } from 'react-router';
import { LineVariant } from '@/components/ui/line-variant';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { Return, ReturnLine } from '../api/types';
import { REASON_LABELS, STATUS_LABELS } from '../returns';
import { CancelReturnDialog } from './cancel-return-dialog';
import { ReturnPhotos } from './return-photos';
import { refundText } from './return-summary';
import { ReturnTimeline } from './return-timeline';

/** One return: where it stands and for which order, what it gives back, its lines, the
 * shopper's note and photos, its timeline, and 'Cancel return' while it can be.
 * `token` is how the page was opened (null with the bearer): the order's link and every
 * change go the same way. `photosFailed` is how many of the form's photos did not make it. */
export function ReturnDetails({ item, token, photosFailed = 0 }: { item: Return; token: string | null; photosFailed?: number }) {
  const refund = refundText(item);
  return (
    <div className="space-y-6">
      {photosFailed > 0 && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Some photos could not be added. You can add them below.
        </p>
      )}
      <div className="space-y-1">
        <p className="text-sm text-slate-600">
          Requested on <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time> · Status: <span className="font-medium text-slate-900">{STATUS_LABELS[item.status]}</span>
        </p>
        <p className="text-sm text-slate-600">
          For order{' '}
          <Link to={paths.order(item.orderNumber, { token: token ?? undefined })} className="font-medium text-brand hover:underline">
            #{item.orderNumber}
          </Link>
        </p>
      </div>
      {item.status === 'rejected' && item.reason && (
        <p role="status" className="rounded-md bg-red-50 p-3 text-red-800">
          Rejected: {item.reason}
        </p>
      )}
      {refund && <p className="text-lg font-semibold">{refund}</p>}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_260px]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="return-lines-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="return-lines-heading" className="text-base font-semibold">
              Items
            </h2>
            <ul aria-label="Items" className="divide-y divide-slate-200">
              {item.lines.map((line) => (
                <ReturnLineView key={line.variantId} line={line} />
              ))}
            </ul>
          </section>
          {item.note && (
            <section aria-labelledby="return-note-heading" className="space-y-2 rounded-lg border border-slate-200 p-5">
              <h2 id="return-note-heading" className="text-base font-semibold">
                Your note
              </h2>
              <p className="whitespace-pre-line break-words text-sm text-slate-700">{item.note}</p>
            </section>
          )}
          <ReturnPhotos item={item} token={token} />
        </div>
        <section aria-labelledby="return-timeline-heading" className="space-y-4 rounded-lg border border-slate-200 p-5">
          <h2 id="return-timeline-heading" className="text-base font-semibold">
            Return status
          </h2>
          <ReturnTimeline events={item.events} />
          {item.status === 'requested' && <CancelReturnDialog item={item} token={token} />}
        </section>
      </div>
    </div>
  );
}

/** A line of the return: what, how many and why; once received, how many came back. */
function ReturnLineView({ line }: { line: ReturnLine }) {
  return (
    <li aria-label={line.name} className="space-y-0.5 py-3 text-sm">
      <p className="break-words font-medium leading-snug text-slate-900">{line.name}</p>
      <LineVariant options={line.options} sku={line.sku} />
      <p className="text-slate-700">
        Quantity: {line.quantity} · Reason: {REASON_LABELS[line.reason]}
      </p>
      {line.received != null && <p className="text-slate-700">{line.received} came back</p>}
    </li>
  );
}
