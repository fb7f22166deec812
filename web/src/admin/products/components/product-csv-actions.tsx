import { Download, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useExportProducts } from '../api/export-products';

/** 'Export CSV' downloads every product, archived ones too; 'Import CSV' opens the page
 * that checks a file and then applies it. A failed export says why below the buttons. */
export function ProductCsvActions() {
  const exporting = useExportProducts();
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" className="h-11 md:h-10" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
          <Download className="h-4 w-4" aria-hidden="true" /> {exporting.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
        <Button asChild variant="outline" className="h-11 md:h-10">
          <Link to={adminPaths.importProducts}>
            <Upload className="h-4 w-4" aria-hidden="true" /> Import CSV
          </Link>
        </Button>
      </div>
      {exporting.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(exporting.error, 'Failed to export the products')}
        </p>
      )}
    </div>
  );
}
