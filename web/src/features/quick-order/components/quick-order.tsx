import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { announce } from '@/lib/announce';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { answerSummary } from '../answer';
import { useAddLines } from '../api/add-lines';
import { appendLine, MAX_LINES, parseQuickOrder } from '../parse';
import { AddLineForm } from './add-line-form';
import { LineResults } from './line-results';

const NO_LINES = 'Write at least one line: a SKU and a quantity';

/** Quick order (docs/DESIGN.md §11) for a signed-in shopper: lines of 'SKU quantity'
 * pasted from a spreadsheet or added one at a time, put in the cart at once; then what
 * became of each line. What cannot be sent (over 200 lines, a row of three parts) is
 * told without asking the server. */
export function QuickOrder() {
  const textId = useId();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  // The key of the request last sent: the same lines again (a double click, a retry after
  // a failure) carry the same key, and the server adds them once.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const add = useAddLines();

  const edit = (next: string) => {
    setText(next);
    setProblems([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseQuickOrder(text);
    const refused = parsed.problems.length > 0 ? parsed.problems : parsed.lines.length === 0 ? [NO_LINES] : [];
    setProblems(refused);
    if (refused.length > 0) return;
    const body = JSON.stringify(parsed.lines);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    add.mutate(
      { lines: parsed.lines, key: attempt.current.key },
      {
        onSuccess: (lines) => announce(answerSummary(lines)),
        onError: (error) => {
          // The server's word on the lines as a whole goes under the box, as the browser's.
          const refusal = error instanceof ApiError ? error.errors?.lines : undefined;
          if (refusal) setProblems([refusal]);
          else toast.error(errorMessage(error, 'Failed to add the lines to your cart'));
        },
      },
    );
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${textId}-one`} className="space-y-3">
        <h2 id={`${textId}-one`} className="text-base font-semibold">
          Add a line at a time
        </h2>
        <AddLineForm onAdd={(line) => edit(appendLine(text, line))} />
      </section>
      <form aria-label="Quick order" noValidate onSubmit={submit} className="space-y-3">
        <label htmlFor={textId} className="block text-base font-semibold">
          Paste from a spreadsheet
        </label>
        <p id={`${textId}-hint`} className="text-sm text-slate-600">
          One product a line: its SKU, then the quantity (1 when left out), separated by a space, a comma or a tab, as two columns copy from a spreadsheet. Up to{' '}
          {MAX_LINES} lines.
        </p>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => edit(event.target.value)}
          rows={10}
          spellCheck={false}
          autoComplete="off"
          placeholder={'CF-22 10\nPTFE-12, 5'}
          aria-invalid={problems.length > 0 ? true : undefined}
          aria-describedby={problems.length > 0 ? `${textId}-problems` : `${textId}-hint`}
          className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500"
        />
        {problems.length > 0 && (
          <ul id={`${textId}-problems`} role="alert" className="space-y-1 text-sm text-red-600">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding to cart...' : 'Add to cart'}
        </Button>
      </form>
      {add.data && (
        <section aria-labelledby={`${textId}-results`} className="space-y-3">
          <h2 id={`${textId}-results`} className="text-base font-semibold">
            Results
          </h2>
          <LineResults lines={add.data} caption="Each line's answer" />
        </section>
      )}
    </div>
  );
}
