import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useStaleSave } from '@/admin/shared/components/stale-notice';
import { SEARCH_SYNONYMS_KEY } from '@/api/query-keys';
import type { SearchSynonyms } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useSaveSearchSynonyms } from '../api/search-synonyms';
import { readSynonyms, synonymErrors, writeSynonyms } from '../synonyms-text';

/** The search synonyms as text, a group a line, saved whole with the version loaded.
 * A refusal names each line at fault and keeps the typing. */
export function SynonymsForm({ saved }: { saved: SearchSynonyms }) {
  const id = useId();
  const client = useQueryClient();
  const save = useSaveSearchSynonyms();
  const [text, setText] = useState(() => writeSynonyms(saved.synonyms));
  const [problems, setProblems] = useState<string[]>([]);
  const stale = useStaleSave(
    'list',
    (data) => data as SearchSynonyms,
    (latest) => client.setQueryData(SEARCH_SYNONYMS_KEY, latest),
  );
  const groups = readSynonyms(text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    try {
      const answer = await save.mutateAsync({ synonyms: groups.map(({ terms }) => ({ terms })), version: saved.version });
      toast.success(`Search synonyms saved: ${answer.synonyms.length} ${answer.synonyms.length === 1 ? 'group' : 'groups'}`);
    } catch (error) {
      stale.caught(error);
      if (error instanceof ApiError && error.status === 400 && error.errors) {
        setProblems(synonymErrors(error.errors, groups));
      } else if (!(error instanceof ApiError && error.status === 409)) {
        setProblems([errorMessage(error, 'Failed to save the search synonyms')]);
      }
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Synonyms and abbreviations
      </label>
      <textarea
        id={id}
        rows={14}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        aria-invalid={problems.length > 0 ? true : undefined}
        aria-describedby={`${id}-hint${problems.length > 0 ? ` ${id}-errors` : ''}`}
        className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        One group a line, its terms separated by commas: a search for any term of a group also finds the others, e.g.{' '}
        <q>TRV, thermostatic radiator valve</q>. 2 to 10 terms a group, at most 500 groups. {groups.length} {groups.length === 1 ? 'group' : 'groups'}.
      </p>
      {problems.length > 0 && (
        <ul id={`${id}-errors`} role="alert" className="list-disc space-y-1 pl-5 text-sm text-red-600">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <Button type="submit" className="h-11 md:h-9" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save synonyms'}
      </Button>
      {stale.notice}
    </form>
  );
}
