import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatRupee } from '@/lib/format';
import { MAX_PO_CHARS } from '../account-schema';
import { ContactField } from './contact-field';

/** Pay on account's section: the credit the account still has, the buyer's PO number, and
 * `error`, the last refusal of the payment ('This order would exceed your credit limit
 * (₹75.00 available)'). */
export function AccountPayment({
  available,
  registration,
  poError,
  error,
}: {
  available: number;
  registration: UseFormRegisterReturn;
  poError?: string;
  error: string | null;
}) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4" aria-describedby={error ? 'account-payment-error' : undefined}>
      <legend className="px-1 text-base font-semibold">Account</legend>
      <p className="text-sm text-slate-700">Available credit: {formatRupee(available)}</p>
      <ContactField id="account-poNumber" label="PO number" required autoComplete="off" maxLength={MAX_PO_CHARS} error={poError} registration={registration} />
      {error && (
        <p id="account-payment-error" role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
