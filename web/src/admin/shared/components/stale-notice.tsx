import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

/** A console form's save refused because someone saved the object after the form was
 * loaded (409 'This changed since you opened it…', docs/DESIGN.md §15): the refusal carries the
 * object as it now is. `caught` takes a save's error; `notice` then offers to load the
 * latest (`load` puts it where the form reads from, and the form starts again from it). */
export function useStaleSave<T>(what: string, pick: (data: unknown) => T | undefined, load: (latest: T) => void): { caught: (error: unknown) => void; notice: ReactNode } {
  const [latest, setLatest] = useState<T>();
  const caught = (error: unknown) => setLatest(error instanceof ApiError && error.status === 409 && error.data ? pick(error.data) : undefined);
  const notice =
    latest === undefined ? null : (
      <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
        <p>Someone saved this {what} after you opened it, so nothing you changed here was saved. Load the latest to see it, then make your change again.</p>
        <Button
          variant="outline"
          className="h-11"
          onClick={() => {
            load(latest);
            setLatest(undefined);
          }}
        >
          Load the latest
        </Button>
      </div>
    );
  return { caught, notice };
}
