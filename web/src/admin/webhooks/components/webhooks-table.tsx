import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { formatConsoleDate } from '@/lib/format';
import { eventLabel, eventsSummary } from '../labels';
import type { Webhook } from '../types';
import { ActiveBadge } from './badges';

/** Every endpoint, oldest first as the server lists them, each leading to its page. */
export function WebhooksTable({ webhooks }: { webhooks: Webhook[] }) {
  if (webhooks.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No webhook endpoints yet: the shop sends its events nowhere.</p>;
  }
  return (
    <div role="region" aria-label="Webhooks table" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Webhook endpoints</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">URL</th>
            <th scope="col" className="px-3 py-2">Events</th>
            <th scope="col" className="px-3 py-2">Description</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Added</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {webhooks.map((webhook) => (
            <tr key={webhook._id} className="hover:bg-slate-50">
              <th scope="row" className="px-3 py-2 font-medium">
                <Link to={adminPaths.webhook(webhook._id)} className="inline-flex min-h-11 items-center break-all text-brand hover:underline md:min-h-0">
                  {webhook.url}
                </Link>
              </th>
              <td className="px-3 py-2" title={webhook.events.map(eventLabel).join(', ')}>
                {eventsSummary(webhook.events)}
              </td>
              <td className="break-words px-3 py-2">{webhook.description || <span className="text-slate-500">–</span>}</td>
              <td className="px-3 py-2">
                <ActiveBadge active={webhook.active} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={webhook.createdAt}>{formatConsoleDate(webhook.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
