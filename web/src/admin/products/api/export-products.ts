import { useMutation } from '@tanstack/react-query';
import { adminDownload } from '@/admin/shared/api/admin-call';
import { saveFile } from '@/lib/save-file';

/** GET /admin/product/export: every product, archived ones too, as a CSV file
 * (`products-YYYY-MM-DD.csv`) with the columns an import reads back. */
export const getProductsExport = () => adminDownload('/admin/product/export', undefined, 'Failed to export the products');

/** Downloads the export and saves it under the server's name (`products.csv` without one). */
export const useExportProducts = () =>
  useMutation({
    mutationFn: async () => {
      const { blob, filename } = await getProductsExport();
      saveFile(blob, filename ?? 'products.csv');
    },
  });
