import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { MAX_IMPORT_BYTES, useImportProducts, type ImportReport } from '../api/import-products';
import { ImportCounts, ImportRows } from './import-report';

/** The file's columns, in the order an export writes them. */
export const CSV_COLUMNS = [
  'id',
  'name',
  'description',
  'price',
  'discountPercentage',
  'discountEndDate',
  'stock',
  'category',
  'subCategory',
  'size',
  'color',
  'featured',
  'archived',
  // One row per variant (docs/DESIGN.md §9).
  'handle',
  'variantId',
  'sku',
  'option1Name',
  'option1Value',
  'option2Name',
  'option2Value',
  'option3Name',
  'option3Value',
  'weightGrams',
  'unit',
  'packSize',
  'minQuantity',
  'quantityStep',
  'taxClass',
];

const Code = ({ children }: { children: string }) => <code className="rounded bg-slate-100 px-1">{children}</code>;

/** The file as chosen: its bytes are read once, so applying sends exactly what was checked. */
interface Chosen {
  name: string;
  bytes: ArrayBuffer;
}

/** Products from a CSV file: choosing one checks it at once (a dry run that writes
 * nothing) and shows what each row would do; 'Apply import' writes them all, and is offered
 * only when no row is refused. */
export function ProductImport() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const check = useImportProducts();
  const apply = useImportProducts();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    // Emptied, so choosing the same file again (edited since) checks it again.
    if (input.current) input.current.value = '';
    if (!file) return;
    check.reset();
    apply.reset();
    setChosen(null);
    setProblem(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setProblem(`${file.name} is over 10 MB: a file may be at most 10 MB.`);
      return;
    }
    let bytes: ArrayBuffer;
    try {
      bytes = await file.arrayBuffer();
    } catch {
      setProblem(`${file.name} could not be read.`);
      return;
    }
    setChosen({ name: file.name, bytes });
    check.mutate({ bytes, apply: false });
  };

  const startOver = () => {
    check.reset();
    apply.reset();
    setChosen(null);
    setProblem(null);
  };

  if (apply.isSuccess) return <Imported report={apply.data.report} message={apply.data.message} onAnother={startOver} />;

  const report = check.data?.report;
  return (
    <div className="space-y-6">
      <FileRules />
      <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          CSV file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={check.isPending || apply.isPending}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="block w-full text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium hover:file:bg-slate-50 md:file:h-10"
        />
        <p className="text-xs text-slate-600">Choosing a file checks it; nothing is saved until you apply it.</p>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      {check.isPending && chosen && (
        <p role="status" className="text-sm text-slate-600">
          Checking {chosen.name}...
        </p>
      )}
      {check.isError && chosen && (
        <div role="alert" className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{chosen.name} cannot be imported.</p>
          <p>{errorMessage(check.error, 'Failed to check the file')}</p>
        </div>
      )}
      {report && chosen && (
        <section aria-labelledby="check-heading" className="space-y-4">
          <h2 id="check-heading" className="text-lg font-semibold">
            Checked {chosen.name}
          </h2>
          <ImportCounts report={report} />
          <ApplyPanel report={report} apply={() => apply.mutate({ bytes: chosen.bytes, apply: true })} applying={apply.isPending} />
          {apply.isError && <ApplyRefusal error={apply.error} />}
          <ImportRows report={report} />
        </section>
      )}
    </div>
  );
}

/** What the file must look like. */
function FileRules() {
  return (
    <section aria-labelledby="rules-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 id="rules-heading" className="text-base font-semibold">
        The file
      </h2>
      <p>
        A CSV file in UTF-8, at most 10 MB and 10,000 lines, one variant a line (a product without options is one line) after a first line naming the columns, in any order:{' '}
        {CSV_COLUMNS.map((column, i) => (
          <span key={column}>
            <code className="rounded bg-slate-100 px-1">{column}</code>
            {i < CSV_COLUMNS.length - 1 ? ', ' : '.'}
          </span>
        ))}
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          An empty <code className="rounded bg-slate-100 px-1">id</code> (or no <code className="rounded bg-slate-100 px-1">id</code> column) creates a product; a product’s id updates that product.
        </li>
        <li>
          Lines with the same <Code>id</Code> (for a new product, the same <Code>handle</Code>) are one product, each line one of its variants: imported all together or not at all. <Code>price</Code>,{' '}
          <Code>stock</Code>, <Code>sku</Code> and <Code>weightGrams</Code> are the variant’s; <Code>variantId</Code> (or, left empty, the <Code>sku</Code>) names an existing variant, else the line adds one; a variant no line names is removed (archived when an order names it), and{' '}
          <Code>stock</Code> sets the variant’s stock. <Code>option1Name</Code> and{' '}
          <Code>option1Value</Code> (up to option 3) give its values: the same names on every line of a product. A SKU is 1 to 64 of A-Z, a-z, 0-9 and - _ . / and unique in the shop.
        </li>
        <li>
          <Code>unit</Code> is <Code>each</Code>, <Code>m</Code> (whole metres) or <Code>pack</Code> (with <Code>packSize</Code> of at least 2); <Code>minQuantity</Code> must be a multiple of{' '}
          <Code>quantityStep</Code>.
        </li>
        <li>
          <Code>taxClass</Code> is <Code>standard</Code>, <Code>reduced</Code> or <Code>zero</Code>; empty (or no column) keeps a product’s class, and a new product’s is standard.
        </li>
        <li>
          <code className="rounded bg-slate-100 px-1">category</code> and <code className="rounded bg-slate-100 px-1">subCategory</code> are titles as the shop shows them, and must exist.
        </li>
        <li>
          <code className="rounded bg-slate-100 px-1">featured</code> is <code className="rounded bg-slate-100 px-1">true</code> or <code className="rounded bg-slate-100 px-1">false</code>.{' '}
          <code className="rounded bg-slate-100 px-1">archived</code> is only there to read and is ignored: archive products on their page or in the table.
        </li>
        <li>
          Checking lists each row that changes something, numbered as your spreadsheet numbers its rows, with each field it changes from → to; a price that moves by more than half is flagged <strong>Check this price</strong>. Rows that change nothing are only counted.
        </li>
        <li>
          The easiest start is <strong>Export CSV</strong> on the <Link to={adminPaths.products} className="text-brand hover:underline">Products</Link> page: edit that file and import it back.
        </li>
      </ul>
    </section>
  );
}

/** 'Apply import', offered only when every row can be imported and some would change. */
function ApplyPanel({ report, apply, applying }: { report: ImportReport; apply: () => void; applying: boolean }) {
  const reasonId = useId();
  const changes = report.created + report.updated;
  const reason =
    report.refused > 0
      ? `${report.refused === 1 ? '1 row is' : `${report.refused} rows are`} refused: correct ${report.refused === 1 ? 'it' : 'them'} in the file and choose it again. Nothing is imported while any row is refused.`
      : changes === 0
        ? 'Every line matches the shop already: there is nothing to import.'
        : `Applying creates ${report.created} and updates ${report.updated} ${report.created + report.updated === 1 ? 'product' : 'products'}.`;
  const blocked = report.refused > 0 || changes === 0;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button className="h-11" disabled={blocked || applying} aria-describedby={reasonId} onClick={apply}>
        {applying ? 'Importing...' : 'Apply import'}
      </Button>
      <p id={reasonId} className={blocked && report.refused > 0 ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>
        {reason}
      </p>
    </div>
  );
}

/** Why applying was refused: the server's message, and each refused row's reasons (422:
 * another change since the check, such as a category renamed, can refuse a row). */
function ApplyRefusal({ error }: { error: Error }) {
  const rows = error instanceof ApiError && error.errors ? Object.entries(error.errors) : [];
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">{errorMessage(error, 'Failed to import the products')}</p>
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

/** The import done: what changed, and where to go next. */
function Imported({ report, message, onAnother }: { report: ImportReport; message: string; onAnother: () => void }) {
  // The form it replaces is gone: the outcome takes the focus, so it is read out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="imported-heading" className="space-y-4 rounded-lg border border-green-300 bg-green-50 p-4">
      <h2 ref={heading} id="imported-heading" tabIndex={-1} className="text-lg font-semibold outline-none">
        {message || 'Products imported'}
      </h2>
      <ImportCounts report={report} />
      <div className="flex flex-wrap gap-2">
        <Button asChild className="h-11">
          <Link to={adminPaths.products}>Back to products</Link>
        </Button>
        <Button variant="outline" className="h-11" onClick={onAnother}>
          Import another file
        </Button>
      </div>
    </section>
  );
}
