import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CustomerGroup } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { currencySymbol } from '@/lib/format';
import { cn } from '@/lib/utils';
import { MAX_PRICE_LIST_BYTES, TOO_LARGE, useExportGroupPrices, useImportGroupPrices, type PriceListReport, type PriceListRow } from '../api/group-price-list';

/** At most this many rows that set or remove a price are listed (refused ones always are). */
export const SHOWN_PRICE_ROWS = 200;

/** An amount as the grid writes it: two decimals, the currency in the column's heading. */
const amount = (value: number) => value.toFixed(2);

/** '2 prices set, 1 removed, 1 unchanged, 0 refused'. */
export const countsText = ({ set, removed, unchanged, refused }: PriceListReport) => `${set} ${set === 1 ? 'price' : 'prices'} set, ${removed} removed, ${unchanged} unchanged, ${refused} refused`;

/** What a row does to the group's price: 'From 85.50 to 120.00', 'New price 100.00',
 * 'Removes 30.00', or 'Refused'. */
export function rowOutcome(row: PriceListRow): string {
  if (row.action === 'refuse') return 'Refused';
  if (row.action === 'remove') return row.from == null ? 'Removes the price' : `Removes ${amount(row.from)}`;
  if (row.to == null) return 'Sets a price';
  return row.from == null ? `New price ${amount(row.to)}` : `From ${amount(row.from)} to ${amount(row.to)}`;
}

/** 'Price list file': 'Export CSV' downloads the group's prices as a spreadsheet reads
 * them; 'Import CSV' opens the panel that checks an edited file and then applies it. */
export function GroupPriceList({ group }: { group: CustomerGroup }) {
  const headingId = useId();
  const panelId = useId();
  const exporting = useExportGroupPrices(group._id);
  const [importing, setImporting] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Price list file
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="h-11 md:h-10" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
            <Download className="h-4 w-4" aria-hidden="true" /> {exporting.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
          <Button variant="outline" className="h-11 md:h-10" aria-expanded={importing} aria-controls={importing ? panelId : undefined} onClick={() => setImporting(!importing)}>
            <Upload className="h-4 w-4" aria-hidden="true" /> Import CSV
          </Button>
        </div>
      </div>
      {exporting.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(exporting.error, 'Failed to export the group prices')}
        </p>
      )}
      {importing && <ImportPriceList key={group._id} id={panelId} groupId={group._id} />}
    </section>
  );
}

/** Choosing a file, 'Check file' (a dry run that writes nothing) showing what each row
 * would do, then 'Import prices' sending the very bytes checked, offered only when no row
 * is refused. A file is read again at each check, so one edited since is checked as it is. */
function ImportPriceList({ id, groupId }: { id: string; groupId: string }) {
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const check = useImportGroupPrices(groupId);
  const apply = useImportGroupPrices(groupId);
  const [file, setFile] = useState<File | null>(null);
  const [checkedName, setCheckedName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    check.reset();
    apply.reset();
    setProblem(null);
    setImported(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_PRICE_LIST_BYTES) {
      setProblem(`${chosen.name}: ${TOO_LARGE}.`);
      return;
    }
    setFile(chosen);
  };

  const runCheck = async () => {
    if (!file) return;
    check.reset();
    apply.reset();
    setProblem(null);
    let bytes: ArrayBuffer;
    try {
      bytes = await file.arrayBuffer();
    } catch {
      setProblem(`${file.name} could not be read: choose it again.`);
      return;
    }
    setCheckedName(file.name);
    check.mutate({ bytes, apply: false });
  };

  const runImport = (bytes: ArrayBuffer) =>
    apply.mutate(
      { bytes, apply: true },
      {
        onSuccess: ({ report, message }) => {
          toast.success(message || 'Price list imported');
          setImported(`Imported ${checkedName}: ${countsText(report)}.`);
          check.reset();
          setFile(null);
          // Emptied, so the same file (edited again) can be chosen next.
          if (input.current) input.current.value = '';
        },
      },
    );

  const busy = check.isPending || apply.isPending;
  const report = check.data?.report;
  const checkedBytes = check.variables?.bytes;
  return (
    <div id={id} className="space-y-3 border-t border-slate-200 pt-3">
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Price list (CSV)
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          aria-describedby={helpId}
          onChange={(event) => choose(event.target.files?.[0])}
          className="block w-full text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium hover:file:bg-slate-50 md:file:h-10"
        />
        <p id={helpId} className="text-xs text-slate-600">
          Columns sku and price (productName and shopPrice are read-only); an empty price removes the group’s price.
        </p>
      </div>
      <Button variant="outline" className="h-11 md:h-10" disabled={!file || busy} onClick={() => void runCheck()}>
        {check.isPending ? 'Checking...' : 'Check file'}
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      {imported && (
        <p role="status" className="text-sm font-medium text-green-800">
          {imported}
        </p>
      )}
      {check.isError && (
        <div role="alert" className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{checkedName} cannot be imported.</p>
          <p>{errorMessage(check.error, 'Failed to check the file')}</p>
        </div>
      )}
      {report && checkedBytes && (
        <CheckedList name={checkedName} report={report} applying={apply.isPending} onImport={() => runImport(checkedBytes)} error={apply.isError ? apply.error : null} />
      )}
    </div>
  );
}

/** A checked file: its counts, 'Import prices' with why it may not, a refusal of the
 * import, and the rows. */
function CheckedList({ name, report, applying, onImport, error }: { name: string; report: PriceListReport; applying: boolean; onImport: () => void; error: Error | null }) {
  const headingId = useId();
  const reasonId = useId();
  const changes = report.set + report.removed;
  const blocked = report.refused > 0 || changes === 0;
  const reason =
    report.refused > 0
      ? `${report.refused === 1 ? '1 row is' : `${report.refused} rows are`} refused: correct the file and check it again. Nothing is imported while any row is refused.`
      : changes === 0
        ? 'Every row matches the group’s prices already: there is nothing to import.'
        : 'Nothing is saved until you import the prices.';
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h4 id={headingId} className="font-semibold">
        Checked {name}
      </h4>
      <p className={cn('text-sm', report.refused > 0 ? 'font-medium text-red-700' : 'text-slate-700')}>{countsText(report)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button className="h-11 md:h-10" disabled={blocked || applying} aria-describedby={reasonId} onClick={onImport}>
          {applying ? 'Importing...' : 'Import prices'}
        </Button>
        <p id={reasonId} className={report.refused > 0 ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>
          {reason}
        </p>
      </div>
      {error && <ImportRefusal error={error} />}
      <PriceListRows rows={report.rows} />
    </section>
  );
}

/** Why applying was refused: the server's message, and each refused row's reasons (422:
 * a change since the check, such as a variant archived, can refuse a row). */
function ImportRefusal({ error }: { error: Error }) {
  const rows = error instanceof ApiError && error.errors ? Object.entries(error.errors) : [];
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">{errorMessage(error, 'Failed to import the price list')}</p>
      {rows.length > 0 && (
        <ul className="list-disc space-y-1 pl-5">
          {rows.map(([row, reasons]) => (
            <li key={row}>
              {row.replace(/^row/, 'Row')}: {reasons}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Each row that sets, removes or is refused: refused ones first with why, then the
 * others by row (`SHOWN_PRICE_ROWS` at most) with any warning from the server. */
function PriceListRows({ rows }: { rows: PriceListRow[] }) {
  if (rows.length === 0) return null;
  const byRow = [...rows].sort((a, b) => a.row - b.row);
  const others = byRow.filter((row) => row.action !== 'refuse');
  const shown = [...byRow.filter((row) => row.action === 'refuse'), ...others.slice(0, SHOWN_PRICE_ROWS)];
  const hidden = others.length - Math.min(others.length, SHOWN_PRICE_ROWS);
  return (
    <div className="space-y-2">
      <div role="region" aria-label="Rows of the price list" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Rows of the file that set or remove a price: refused ones first</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Row</th>
              <th scope="col" className="px-3 py-2">SKU</th>
              <th scope="col" className="px-3 py-2">What happens ({currencySymbol('rupees')})</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 align-top">
            {shown.map((row) => (
              <tr key={row.row} className={row.action === 'refuse' ? 'bg-red-50' : row.warnings.length > 0 ? 'bg-amber-50' : undefined}>
                <td className="px-3 py-2 tabular-nums">{row.row}</td>
                <th scope="row" className="break-words px-3 py-2 font-mono font-normal">
                  {row.sku}
                </th>
                <td className="space-y-1 px-3 py-2">
                  <p className={cn(row.action === 'refuse' && 'font-semibold text-red-800')}>{rowOutcome(row)}</p>
                  {row.warnings.map((warning) => (
                    <p key={warning}>
                      <strong className="inline-block rounded bg-amber-200 px-1.5 py-0.5 text-amber-950">{warning}</strong>
                    </p>
                  ))}
                  {row.errors.length > 0 && (
                    <ul className="list-disc space-y-1 pl-4 text-red-800">
                      {row.errors.map((error, i) => (
                        <li key={i}>{error}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hidden > 0 && <p className="text-sm text-slate-600">…and {hidden} more {hidden === 1 ? 'row' : 'rows'} that set or remove a price, not listed here; the counts above include them.</p>}
    </div>
  );
}
