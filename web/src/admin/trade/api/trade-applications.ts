// Trade applications as staff review them (docs/DESIGN.md §11): a page of them by status,
// and the two decisions. Each decision answers with the application as it now stands.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from '@/admin/shared/api/admin-call';
import type { AdminTradeApplication, AdminTradeApplicationList, ApproveRequest, RejectRequest } from '@/api/types';
import { ApiError } from '@/lib/api-client';
import type { ApplicationsQuery } from '../trade-query';
import { CUSTOMER_GROUPS_KEY, TRADE_APPLICATIONS_KEY, tradeApplicationsKey } from '@/api/query-keys';

/** How many applications the table shows on a page (the server's default). */
export const APPLICATIONS_PER_PAGE = 20;

/** GET /admin/trade/application?status&page&perPage: 'Trade applications', newest first,
 * each with its applicant. A blank status is every one. */
export const getTradeApplications = ({ status, page }: ApplicationsQuery) =>
  adminGet<AdminTradeApplicationList>(
    '/admin/trade/application',
    { status: status === 'all' ? '' : status, page, perPage: APPLICATIONS_PER_PAGE },
    'Failed to load the trade applications',
  );

export const getTradeApplicationsQueryOptions = (query: ApplicationsQuery) =>
  queryOptions({ queryKey: tradeApplicationsKey(query), queryFn: () => getTradeApplications(query), placeholderData: keepPreviousData, staleTime: 0 });

export const useTradeApplications = (query: ApplicationsQuery) => useQuery(getTradeApplicationsQueryOptions(query));

type ApplicationData = { application: AdminTradeApplication };

/** POST /admin/trade/application/{id}/approve `{groupId, creditLimit, termsDays}`:
 * 'Application approved'; 400 `errors.groupId` ('Choose a customer group', 'No such
 * customer group'), `creditLimit`, `termsDays`; 404 'Application not found'; 409 'This
 * application was already approved' (or rejected). */
export const approveApplication = (id: string, body: ApproveRequest): Promise<AdminTradeApplication> =>
  adminPost<ApplicationData>(`/admin/trade/application/${encodeURIComponent(id)}/approve`, body, 'Failed to approve the application').then((data) => data.application);

/** POST /admin/trade/application/{id}/reject `{reason}` (1 to 500 characters; the
 * applicant's letter quotes it): 'Application rejected'; 400 `errors.reason`; 404; 409. */
export const rejectApplication = (id: string, body: RejectRequest): Promise<AdminTradeApplication> =>
  adminPost<ApplicationData>(`/admin/trade/application/${encodeURIComponent(id)}/reject`, body, 'Failed to reject the application').then((data) => data.application);

/** The decided application in place on every cached page, so the row on screen says what
 * was decided instead of leaving a filtered page at once; those pages load again when
 * next shown. An approval adds a member to its group. */
function decided(client: QueryClient, application: AdminTradeApplication): Promise<unknown> {
  client.setQueriesData<AdminTradeApplicationList>(
    { queryKey: TRADE_APPLICATIONS_KEY },
    (old) => old && { ...old, applications: old.applications.map((other) => (other._id === application._id ? application : other)) },
  );
  return Promise.all([client.invalidateQueries({ queryKey: TRADE_APPLICATIONS_KEY, refetchType: 'none' }), client.invalidateQueries({ queryKey: CUSTOMER_GROUPS_KEY })]);
}

/** A refusal that says the list is out of date (someone decided it first, 409, or it is
 * gone, 404): the list loads again. */
function refused(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) void client.invalidateQueries({ queryKey: TRADE_APPLICATIONS_KEY });
}

export function useApproveApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApproveRequest) => approveApplication(id, body),
    onSuccess: (application) => decided(client, application),
    onError: (error) => refused(client, error),
  });
}

export function useRejectApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectRequest) => rejectApplication(id, body),
    onSuccess: (application) => decided(client, application),
    onError: (error) => refused(client, error),
  });
}
