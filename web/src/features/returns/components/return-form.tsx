import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useRequestReturn } from '../api/request-return';
import { addPhotos, checkRequest, chosenLines, type LineChoice, type LineErrors, NOTE_MAX, requestLines, returnPaths, sortErrors } from '../returns';
import { PhotoPicker } from './photo-picker';
import { type ReturnableLine, ReturnLineField } from './return-line-field';

/** What the return's page is told by the form that made it. */
export interface ReturnPageState {
  /** How many of the chosen photos could not be added. */
  photosFailed?: number;
}

/** The form's mistakes, sorted: per line (by variant), the note's, 'Choose at least one
 * item', and messages for the top (a 409, or what the form has no place for). */
interface Problems {
  lines: Record<string, LineErrors>;
  note?: string;
  list?: string;
  top: string[];
}

const NO_PROBLEMS: Problems = { lines: {}, top: [] };

/** The return form (docs/DESIGN.md §12): for each line that can go back, 'Return this
 * item', how many and why; a note (needed for Other) and up to 5 photos. It checks what
 * the server would first; what the server refuses is shown where it belongs. Once asked,
 * the photos are added one by one, and the shopper goes on to the return's page (with
 * `token`, when the order was opened with one). */
export function ReturnForm({ number, token, lines }: { number: string; token: string | null; lines: ReturnableLine[] }) {
  const navigate = useNavigate();
  const request = useRequestReturn(number, token);
  const [chosen, setChosen] = useState<Record<string, LineChoice>>({});
  // Each line as chosen, within what can go back now (what can be returned is asked
  // again after a refusal, and may have shrunk).
  const choices = lines.map((line): LineChoice => {
    const choice = chosen[line.variantId] ?? { variantId: line.variantId, selected: false, quantity: 1, reason: '' };
    return { ...choice, quantity: Math.min(choice.quantity, line.returnable) };
  });
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);

  const change = (variantId: string, change: Partial<LineChoice>) => {
    const choice = choices.find((c) => c.variantId === variantId)!;
    setChosen((current) => ({ ...current, [variantId]: { ...choice, ...change } }));
    // What was said of the parts changed no longer holds.
    setProblems(({ lines: byLine, ...rest }) => {
      const { [variantId]: errors = {}, ...others } = byLine;
      const left: LineErrors = 'selected' in change ? {} : { ...errors, ...('reason' in change && { reason: undefined }), ...('quantity' in change && { quantity: undefined, line: undefined }) };
      return { ...rest, list: 'selected' in change ? undefined : rest.list, lines: { ...others, [variantId]: left } };
    });
  };

  /** Shows `errors` (keyed as the server keys them) for the lines `sent`, and `top` above the form. */
  const show = (errors: Record<string, string>, sent: LineChoice[], top: string[] = []) => {
    const sorted = sortErrors(errors, sent);
    setProblems({ lines: sorted.lines, note: sorted.note, list: sorted.list, top: [...top, ...sorted.other] });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const sent = chosenLines(choices);
    const errors = checkRequest(choices, note);
    if (Object.keys(errors).length > 0) return show(errors, sent);
    setProblems(NO_PROBLEMS);
    request.mutate(
      { request: { lines: requestLines(choices), note: note.trim() }, photos },
      {
        onSuccess: ({ return: requested, photosFailed }) => {
          toast.success(`Return ${requested.number} requested`);
          const state: ReturnPageState = { photosFailed };
          navigate(returnPaths.view(requested._id, token), { state });
        },
        onError: (error) => {
          const fields = error instanceof ApiError && error.status !== 409 ? (error.errors ?? {}) : {};
          // Field errors speak for themselves; anything else is said at the top.
          show(fields, sent, Object.keys(fields).length > 0 ? [] : [errorMessage(error, 'Failed to request the return')]);
        },
      },
    );
  };

  return (
    <form noValidate aria-label="Return items" className="space-y-6" onSubmit={submit}>
      {problems.top.length > 0 && (
        <div role="alert" className="space-y-1 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problems.top.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <fieldset className="rounded-lg border border-slate-200 p-5">
        <legend className="px-1 text-base font-semibold">Which items?</legend>
        <ul aria-label="Items" className="divide-y divide-slate-200">
          {lines.map((line, i) => (
            <ReturnLineField key={line.variantId} line={line} choice={choices[i]} errors={problems.lines[line.variantId]} onChange={(c) => change(line.variantId, c)} />
          ))}
        </ul>
        {problems.list && (
          <p role="alert" className="text-sm text-red-600">
            {problems.list}
          </p>
        )}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="return-note" className="block text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea
          id="return-note"
          rows={4}
          maxLength={NOTE_MAX}
          value={note}
          aria-invalid={problems.note ? true : undefined}
          aria-describedby={problems.note ? 'return-note-error' : 'return-note-hint'}
          onChange={(event) => {
            setNote(event.target.value);
            setProblems((current) => ({ ...current, note: undefined }));
          }}
          className="w-full rounded-md border border-slate-300 p-3 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500"
        />
        {problems.note ? (
          <p id="return-note-error" className="text-sm text-red-600">
            {problems.note}
          </p>
        ) : (
          <p id="return-note-hint" className="text-xs text-slate-600">
            Required when the reason is Other
          </p>
        )}
      </div>
      <PhotoPicker
        photos={photos}
        error={photoError}
        onAdd={(files) => {
          const added = addPhotos(photos, files);
          setPhotos(added.photos);
          setPhotoError(added.error);
        }}
        onRemove={(index) => {
          setPhotos((current) => current.filter((_, i) => i !== index));
          setPhotoError(null);
        }}
      />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Request return'}
      </Button>
    </form>
  );
}
