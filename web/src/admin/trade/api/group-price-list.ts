// A customer group's prices as a file (docs/API.md, 'Trade accounts'): the export a
// spreadsheet edits, and the same file read back, checked first and then applied.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDownload, adminUpload } from '@/admin/shared/api/admin-call';
import { groupPricesKey } from '@/api/query-keys';
import type { PriceListImport, PriceListRow as ApiPriceListRow } from '@/api/types';
import { saveFile } from '@/lib/save-file';

/** What a row of the file does (or, refused, would not do). */
export type PriceListAction = 'set' | 'remove' | 'refuse';

/** One row of the file as the report gives it: the generated type, with `action` (which
 * the OpenAPI document leaves as any string) narrowed to the three the server lists. */
export type PriceListRow = Omit<ApiPriceListRow, 'action'> & { action: PriceListAction };

/** The import's answer: the counts, and every row that sets, removes or is refused, in
 * the file's order, numbered as a spreadsheet numbers them (the header is row 1). */
export type PriceListReport = Omit<PriceListImport, 'rows'> & { rows: PriceListRow[] };

/** The most a file may hold, as the server counts it (it checks again). */
export const MAX_PRICE_LIST_BYTES = 2 * 1024 * 1024;

/** The server's words for a file over the limit, said before sending it. */
export const TOO_LARGE = 'The file must be at most 2 MB';

const groupPath = (groupId: string) => `/admin/customer-group/${encodeURIComponent(groupId)}/price`;

/** GET /admin/customer-group/{id}/price/export: the group's prices as a CSV file
 * (`group-prices-NAME-YYYY-MM-DD.csv`, columns sku, productName, shopPrice, price). 404. */
export const getGroupPricesExport = (groupId: string) => adminDownload(`${groupPath(groupId)}/export`, undefined, 'Failed to export the group prices');

/** Downloads the export and saves it under the server's name (`group-prices.csv` without one). */
export const useExportGroupPrices = (groupId: string) =>
  useMutation({
    mutationFn: async () => {
      const { blob, filename } = await getGroupPricesExport(groupId);
      saveFile(blob, filename ?? 'group-prices.csv');
    },
  });

/** POST /admin/customer-group/{id}/price/import?apply=false|true with the CSV file's
 * bytes. A dry run ('Price list checked') writes nothing; applying ('Price list imported')
 * writes every line or, when any is refused, none: 422 'Nothing was imported: N rows are
 * refused' with `errors` by 'row N'. A file that is not a price list is a 400 with the
 * reason, one over 2 MB a 413; 404 'Customer group not found'. */
export const importGroupPrices = (groupId: string, { bytes, apply }: { bytes: ArrayBuffer; apply: boolean }) =>
  adminUpload<PriceListReport>(`${groupPath(groupId)}/import`, bytes, 'text/csv', { apply: String(apply) }, apply ? 'Failed to import the price list' : 'Failed to check the file').then(
    ({ data, message }) => ({ report: data, message }),
  );

/** Every page of the group's prices loads again once a file is applied: a row may set or
 * remove a price on any of them. */
export function useImportGroupPrices(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { bytes: ArrayBuffer; apply: boolean }) => importGroupPrices(groupId, body),
    onSuccess: ({ report }) => (report.applied ? client.invalidateQueries({ queryKey: groupPricesKey(groupId) }) : undefined),
  });
}
