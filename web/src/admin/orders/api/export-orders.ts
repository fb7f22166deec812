import { useMutation } from '@tanstack/react-query';
import { adminDownload } from '@/admin/shared/api/admin-call';
import { saveFile } from '@/lib/save-file';

/** The days an orders export covers: `YYYY-MM-DD`, UTC, both included. */
export interface OrdersExportRange {
  from: string;
  to: string;
}

/** GET /admin/order/export?from&to: the orders placed on those days as a CSV file. 400 in
 * the server's words for a bad or missing day, `from` after `to`, or over 366 days. */
export const getOrdersExport = ({ from, to }: OrdersExportRange) => adminDownload('/admin/order/export', { from, to }, 'Failed to export the orders');

/** Downloads the export and saves it under the server's name (`orders.csv` without one). */
export const useExportOrders = () =>
  useMutation({
    mutationFn: async (range: OrdersExportRange) => {
      const { blob, filename } = await getOrdersExport(range);
      saveFile(blob, filename ?? 'orders.csv');
    },
  });
