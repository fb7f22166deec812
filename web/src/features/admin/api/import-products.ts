import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateProductQueries } from '@/features/catalog';
import { adminUpload } from './admin-call';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';
import { DASHBOARD_KEY } from './get-dashboard';

// The import's answer as the server gives it (POST /admin/product/import, ImportReport in
// server/src/http/admin_csv.rs). Written out here rather than taken from '@/api/types':
// the OpenAPI document types `action` as any string, and the page relies on its four values.

/** What the import does (or, refused, would not do) with one row of the file. */
export type ImportAction = 'create' | 'update' | 'unchanged' | 'refuse';

export interface ImportRow {
  /** The row's line in the file; the header is line 1. */
  line: number;
  action: ImportAction;
  /** The product's id: the one the row names, or the new one once created; null otherwise. */
  id: string | null;
  name: string;
  /** Why a refused row is refused, one sentence each. */
  errors: string[];
}

export interface ImportReport {
  /** Whether anything was written (false for a dry run). */
  applied: boolean;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  rows: ImportRow[];
}

/** The most a file may hold, as the server counts it (it checks both again). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** POST /admin/product/import?apply=false|true with the CSV file's bytes. A dry run
 * ('Import checked') writes nothing; applying ('Products imported') writes every row or,
 * when any is refused, none: 422 'Nothing was imported: N rows are refused' with `errors`
 * by 'line N'. A file that is not a products CSV (not UTF-8, a missing or unknown
 * column, no rows, too many, too large) is a 400 or 413 with the reason. */
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
        client.invalidateQueries({ queryKey: ['admin', 'product'] }),
        client.invalidateQueries({ queryKey: DASHBOARD_KEY }),
        invalidateProductQueries(client),
      ]);
    },
  });
}
