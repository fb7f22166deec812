import { Tag } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The promo code box of the cart and checkout. `onApply` asks the server about the code
 * and resolves to whether it was applied (blank is blocked here, spec §5); the server's reason for refusing it, `refusal`, shows
 * under the box. Once a code is applied the Order Summary shows it with a Remove button,
 * so the box is left out (`applied`). */
export function PromoCode({ applied, refusal, onApply }: { applied: boolean; refusal: string | null; onApply: (code: string) => Promise<boolean> }) {
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  const errorId = useId();
  if (applied) return null;
  const blank = code.trim() === '';
  return (
    <form
      className="space-y-1"
      onSubmit={async (event) => {
        event.preventDefault();
        if (blank || applying) return;
        setApplying(true);
        try {
          // A refused code stays in the box, to be corrected.
          if (await onApply(code.trim())) setCode('');
        } finally {
          setApplying(false);
        }
      }}
    >
      <div className="flex gap-2">
        <label className="flex min-w-0 flex-1 items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-3 has-[[aria-invalid=true]]:border-red-500">
          <Tag className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="sr-only">Promo code</span>
          <input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="Add promo code"
            maxLength={64}
            autoCapitalize="characters"
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? errorId : undefined}
            className="h-10 w-full min-w-0 bg-transparent text-sm outline-none"
          />
        </label>
        <Button type="submit" disabled={blank || applying} className="rounded-full px-6">
          {applying ? 'Applying...' : 'Apply'}
        </Button>
      </div>
      {refusal && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {refusal}
        </p>
      )}
    </form>
  );
}
