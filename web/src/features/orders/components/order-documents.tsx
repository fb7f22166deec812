import { FileText } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/errors';
import type { Order } from '../api/types';

/** A document of the order the server makes as PDF (docs/DESIGN.md §10). */
interface OrderDocument {
  label: string;
  path: string;
  filename: string;
}

/** The order's tax invoice and credit notes: `/order/{number}/invoice` and
 * `/credit-note/{n}`, in the order of `creditNotes`. */
export function orderDocuments(order: Pick<Order, 'number' | 'invoiceNumber' | 'creditNotes'>): OrderDocument[] {
  const documents: OrderDocument[] = [];
  if (order.invoiceNumber) documents.push({ label: `Invoice ${order.invoiceNumber}`, path: `/order/${order.number}/invoice`, filename: `${order.invoiceNumber}.pdf` });
  order.creditNotes.forEach((note, i) => {
    documents.push({ label: `Credit note ${note.number}`, path: `/order/${order.number}/credit-note/${i + 1}`, filename: `${note.number}.pdf` });
  });
  return documents;
}

/** Buttons that fetch each document with the shopper's token or the order link's, and
 * save it: a plain link could not send the bearer token. The code that fetches files
 * loads on the first click. */
export function OrderDocuments({ order, token }: { order: Pick<Order, 'number' | 'invoiceNumber' | 'creditNotes'>; token: string | null }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const documents = orderDocuments(order);
  if (documents.length === 0) return null;
  const open = async (document: OrderDocument) => {
    setBusy(document.path);
    setFailed(null);
    try {
      const [{ apiDownload }, { saveFile }] = await Promise.all([import('@/lib/api-files'), import('@/lib/save-file')]);
      const file = await apiDownload(document.path, token ? { token } : undefined, 'Failed to load the document');
      saveFile(file.blob, file.filename ?? document.filename);
    } catch (error) {
      setFailed(errorMessage(error, 'Failed to load the document'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="documents-heading" className="space-y-2">
      <h2 id="documents-heading" className="text-base font-semibold">
        Invoice and credit notes
      </h2>
      <ul className="flex flex-wrap gap-2">
        {documents.map((document) => (
          <li key={document.path}>
            <button
              type="button"
              onClick={() => void open(document)}
              disabled={busy === document.path}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand disabled:opacity-60"
            >
              <FileText className="h-4 w-4" aria-hidden="true" />
              {document.label} (PDF)
            </button>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-sm text-red-600">
          {failed}
        </p>
      )}
    </section>
  );
}
