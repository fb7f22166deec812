import { useState, type ReactElement } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { useAddPaymentMethod } from '../api/add-payment-method';
import { takesCards, usePaymentConfig } from '../api/get-payment-config';
import { tokenizeCard } from '../api/tokenize-card';
import { cardErrorMessage } from '../card-errors';
import { EMPTY_CARD, isCardFilled, tokenizeRequest } from '../cards';
import { CardFields } from './card-fields';
import { TestModeNote } from './test-mode-note';

const ABOUT = 'Your card details go straight to our payment provider. The shop keeps only the brand, the last four digits and the expiry.';

/** 'Add New Card', opened by `trigger` (spec §2). Add sends the card to the payment
 * provider, saves the token it answers with, closes and says so; a refusal is said in
 * the dialog, in the provider's or the server's words. */
export function AddCardDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Add New Card" description={ABOUT}>
        <AddCardForm
          onAdded={(message) => {
            setOpen(false);
            toast.success(message || 'Payment method added');
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The form lives inside the dialog's content, so closing the dialog clears it. */
function AddCardForm({ onAdded }: { onAdded: (message: string) => void }) {
  const config = usePaymentConfig();
  const add = useAddPaymentMethod();
  const [card, setCard] = useState(EMPTY_CARD);
  const [setPrimary, setSetPrimary] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const filled = isCardFilled(card);
  const available = takesCards(config.data);

  const submit = async () => {
    if (!filled || busy || !takesCards(config.data)) return;
    setBusy(true);
    setError(null);
    try {
      const token = await tokenizeCard(config.data.tokenizeUrl, tokenizeRequest(card));
      const { message } = await add.mutateAsync({ token: token.id, setPrimary });
      onAdded(message);
    } catch (failure) {
      setError(cardErrorMessage(failure, 'Failed to add the card'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TestModeNote />
      <CardFields
        value={card}
        disabled={busy}
        onChange={(next) => {
          setCard(next);
          setError(null);
        }}
      />
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-brand" checked={setPrimary} disabled={busy} onChange={(event) => setSetPrimary(event.target.checked)} />
        Set as Primary Payment Method
      </label>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
      {config.isError && (
        <p role="alert" className="text-sm text-red-600">
          {config.error.message}
        </p>
      )}
      {config.data && !available && <p className="text-sm text-slate-600">This shop takes no card payments, so cards cannot be saved.</p>}
      <Button type="submit" className="h-11 w-full" disabled={!filled || busy || !available}>
        {busy ? 'Adding...' : 'Add'}
      </Button>
    </form>
  );
}
