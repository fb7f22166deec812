import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUpload } from '@/admin/shared/api/admin-call';
import { shopProductsChanged } from '@/admin/shared/api/product-changed';
import { ADMIN_PRODUCT_KEY, ADMIN_PRODUCTS_KEY, DASHBOARD_KEY } from '@/api/query-keys';
import type { ImportChange, ImportReport as ApiImportReport, ImportRow as ApiImportRow } from '@/api/types';

export type { ImportChange };

/** What the import does (or, refused, would not do) with one row of the file that
 * changes something (rows that change nothing are only counted). */
export type ImportAction = 'create' | 'update' | 'refuse';

/** One row of the file as the report gives it: the generated type, with `action` (which
 * the OpenAPI document leaves as any string) narrowed to the three the server lists. */
export type ImportRow = Omit<ApiImportRow, 'action'> & { action: ImportAction };

/** The import's answer: the counts, and every row that creates, updates or is refused,
 * in the file's order, numbered as a spreadsheet numbers them. */
export type ImportReport = Omit<ApiImportReport, 'rows'> & { rows: ImportRow[] };

/** The most a file may hold, as the server counts it (it checks both again). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** POST /admin/product/import?apply=false|true with the CSV file's bytes. A dry run
 * ('Import checked') writes nothing; applying ('Products imported') writes every line or,
 * when any is refused, none: 422 'Nothing was imported: N rows are refused' with `errors`
 * by 'row N'. A file that is not a products CSV (not UTF-8, a missing, unknown or
 * repeated column, no products, too many, too large) is a 400 or 413 with the reason. */
export const importProducts = ({ bytes, apply }: { bytes: ArrayBuffer; apply: boolean }) =>
  adminUpload<ImportReport>('/admin/product/import', bytes, 'text/csv', { apply: String(apply) }, apply ? 'Failed to import the products' : 'Failed to check the file').then(
    ({ data, message }) => ({ report: data, message }),
  );

export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: ({ report }) => {
      if (!report.applied) return;
      // Any product may have changed: every product the console or the shop has loaded.
      return Promise.all([
        client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
        client.invalidateQueries({ queryKey: ADMIN_PRODUCT_KEY }),
        client.invalidateQueries({ queryKey: DASHBOARD_KEY }),
        shopProductsChanged(client),
      ]);
    },
  });
}
