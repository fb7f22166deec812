import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { Labelled, selectClass } from '@/admin/shared/components/filter-controls';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import { type Permission, usePermissions } from '@/admin/shared/permissions';
import type { ActivityEntry } from '@/api/types';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { formatConsoleDateTime } from '@/lib/format';
import { actionLabel, actorLabel, changeLine, changeValue, isObjectType, OBJECT_TYPE_LABELS, OBJECT_TYPES, objectLabel, objectTitle, typeLabel } from '../activity';
import { ACTIVITY_PER_PAGE, type ActivityQuery, useActivity } from '../api/get-activity';

/** The console's page for the object an entry names: its own page (a product's form, an
 * order, a customer, a promo code, a delivery method, a customer group, a shop page, the
 * settings, the search synonyms, a webhook) or the page that lists it (categories,
 * banners, reviews, trade applications, the staff); none once it was deleted. */
export function objectPath({ objectType, objectId, action }: Pick<ActivityEntry, 'objectType' | 'objectId' | 'action'>): string | null {
  if (action === 'deleted') return null;
  switch (objectType) {
    case 'order':
      return adminPaths.order(objectId);
    case 'customer':
      return adminPaths.customer(objectId);
    case 'product':
      return adminPaths.product(objectId);
    case 'promo_code':
      return adminPaths.promoCode(objectId);
    case 'delivery_method':
      return adminPaths.deliveryMethod(objectId);
    case 'customer_group':
      return adminPaths.customerGroup(objectId);
    case 'page':
      return adminPaths.page(objectId);
    case 'settings':
      return adminPaths.settings;
    case 'search_synonyms':
      return adminPaths.searchSynonyms;
    case 'category':
    case 'sub_category':
      return adminPaths.categories;
    case 'banner':
      return adminPaths.banners;
    case 'review':
      return adminPaths.reviews;
    case 'trade_application':
      // The log records decisions, which the table's default (open ones) leaves out.
      return adminPaths.tradeApplicationsAt({ status: 'all' });
    case 'staff':
      // An invitation's or a member's id: the Staff page lists both.
      return adminPaths.staff;
    case 'webhook':
      return adminPaths.webhook(objectId);
    default:
      return null;
  }
}

/** The log's filters and a page of its entries, newest first. `onChange` gets the whole
 * new query (the page keeps it in its URL); a new filter goes back to the first page. */
export function ActivityLog({ query, onChange }: { query: ActivityQuery; onChange: (next: ActivityQuery) => void }) {
  const activity = useActivity(query);
  const me = useAuth((state) => state.user);
  const set = (change: Partial<ActivityQuery>) => onChange({ ...query, ...change, page: 1 });

  // There is no list of administrators: offer oneself, whoever is on this page, and the
  // one the address names.
  const admins = new Map<string, string>();
  if (me) admins.set(me._id, `${me.emailAddress} (you)`);
  for (const entry of activity.data?.activity ?? []) if (!admins.has(entry.adminId)) admins.set(entry.adminId, actorLabel(entry));
  if (query.adminId && !admins.has(query.adminId)) admins.set(query.adminId, query.adminId);

  return (
    <div className="space-y-4">
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <Labelled label="Administrator">
            {(id) => (
              <select id={id} value={query.adminId} onChange={(e) => set({ adminId: e.target.value })} className={selectClass}>
                <option value="">All administrators</option>
                {[...admins].map(([adminId, label]) => (
                  <option key={adminId} value={adminId}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled label="Object type">
            {(id) => (
              <select id={id} value={query.objectType} onChange={(e) => set({ objectType: e.target.value, objectId: '' })} className={selectClass}>
                <option value="">Every kind of object</option>
                {OBJECT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {OBJECT_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
        </div>
        {query.objectId && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="break-all">Only changes to {objectLabel(query.objectType, query.objectId, activity.data?.activity[0]?.objectName)}.</span>
            <Button variant="ghost" className="h-11 md:h-9" onClick={() => set({ objectId: '' })}>
              Show every {isObjectType(query.objectType) ? OBJECT_TYPE_LABELS[query.objectType].toLowerCase() : 'object'}
            </Button>
          </p>
        )}
      </div>
      <Entries query={query} activity={activity} onPageChange={(page) => onChange({ ...query, page })} />
    </div>
  );
}

function Entries({ query, activity, onPageChange }: { query: ActivityQuery; activity: ReturnType<typeof useActivity>; onPageChange: (page: number) => void }) {
  if (activity.isPending) return <LoadingRows label="Loading the activity" />;
  if (activity.isError) return <LoadFailed error={activity.error} onRetry={() => void activity.refetch()} />;
  const { activity: entries, total, page } = activity.data;
  if (entries.length === 0) {
    const filtered = query.adminId || query.objectType || query.objectId;
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{filtered ? 'No changes match these filters.' : 'No administrator has changed anything yet.'}</p>;
  }
  return (
    <div className="space-y-4">
      <div role="region" aria-label="Activity table" aria-busy={activity.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">
            Changes by administrators, newest first, page {page} of {pageCount(total, ACTIVITY_PER_PAGE)}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">When</th>
              <th scope="col" className="px-3 py-2">Administrator</th>
              <th scope="col" className="px-3 py-2">Object</th>
              <th scope="col" className="px-3 py-2">Action</th>
              <th scope="col" className="px-3 py-2">Changes</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 align-top">
            {entries.map((entry) => (
              <Entry key={entry._id} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Activity pages" page={page} total={total} perPage={ACTIVITY_PER_PAGE} noun={['change', 'changes']} onPageChange={onPageChange} />
    </div>
  );
}

/** What a role must allow to open the page of an object of each kind, where a role that
 * reads the log may lack it (a manager opens neither the settings, the staff nor webhooks). */
const OBJECT_PERMISSIONS: Partial<Record<string, Permission>> = { settings: 'settings', staff: 'staff', webhook: 'webhooks' };

function Entry({ entry }: { entry: ActivityEntry }) {
  const allowed = usePermissions();
  const needed = OBJECT_PERMISSIONS[entry.objectType];
  const path = !needed || allowed(needed) ? objectPath(entry) : null;
  const object = objectTitle(entry.objectType, entry.objectId, entry.objectName);
  const changes = Object.entries(entry.changes);
  return (
    <tr>
      <td className="whitespace-nowrap px-3 py-2">
        <time dateTime={entry.createdAt}>{formatConsoleDateTime(entry.createdAt)}</time>
      </td>
      <td className="break-all px-3 py-2">{actorLabel(entry)}</td>
      <td className="break-words px-3 py-2">
        <span className="text-slate-600">{typeLabel(entry.objectType)}</span>{' '}
        {path ? (
          <Link to={path} className="text-brand hover:underline" title={entry.objectName ? `${typeLabel(entry.objectType)} ${entry.objectId}` : undefined}>
            {object}
          </Link>
        ) : (
          object
        )}
      </td>
      <td className="px-3 py-2">{actionLabel(entry.action)}</td>
      <td className="px-3 py-2">
        {changes.length === 0 ? (
          <span className="text-slate-600">No fields changed</span>
        ) : (
          <ul className="space-y-0.5">
            {changes.map(([field, { before, after }]) => {
              const full = `${field}: ${changeValue(before)} → ${changeValue(after)}`;
              const shown = changeLine(field, before, after);
              return (
                <li key={field} className="break-words" title={shown === full ? undefined : full}>
                  {shown}
                </li>
              );
            })}
          </ul>
        )}
      </td>
    </tr>
  );
}

