import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { DASHBOARD_KEY } from '@/api/query-keys';
import type { DashboardData } from '@/api/types';

/** Today's and this week's orders and revenue (from 00:00 UTC and Monday 00:00 UTC,
 * cancelled orders left out), the orders waiting for the shop, the products low on or out
 * of stock with their first few, and the newest reviews. */
export const getDashboard = () => adminGet<DashboardData>('/admin/dashboard', undefined, 'Failed to load the dashboard');

export const getDashboardQueryOptions = () =>
  // Figures move with every order: read fresh whenever the dashboard is opened.
  queryOptions({ queryKey: DASHBOARD_KEY, queryFn: getDashboard, staleTime: 0 });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
