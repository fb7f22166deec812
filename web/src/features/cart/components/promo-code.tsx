import { Tag } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';

/** The promo code box. No promo code exists yet (spec §7 shows no call), so every code
 * is answered honestly with 'Failed to apply promo code'; a blank one is blocked. */
export function PromoCode() {
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  const blank = code.trim() === '';
  return (
    <form
      className="flex gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (blank) return;
        setApplying(true);
        try {
          await applyPromoCode(code.trim());
        } catch (error) {
          toast.error(errorMessage(error, 'Failed to apply promo code'));
        } finally {
          setApplying(false);
        }
      }}
    >
      <label className="flex flex-1 items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-3">
        <Tag className="h-4 w-4 text-slate-400" aria-hidden="true" />
        <span className="sr-only">Promo code</span>
        <input value={code} onChange={(event) => setCode(event.target.value)} placeholder="Add promo code" className="h-10 w-full bg-transparent text-sm outline-none" />
      </label>
      <Button type="submit" disabled={blank || applying} className="rounded-full px-6">
        {applying ? 'Applying...' : 'Apply'}
      </Button>
    </form>
  );
}

/** Where a promo code service will be called. None exists: every code fails. */
async function applyPromoCode(_code: string): Promise<never> {
  throw new Error('Failed to apply promo code');
}
