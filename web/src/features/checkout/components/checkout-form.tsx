import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';
import { ContactFields } from '@/features/checkout/components/contact-fields';
import { PaymentChoice, type PaymentMethod } from '@/features/checkout/components/payment-choice';
import { contactSchema, type ContactForm } from '@/features/checkout/contact-schema';
import { cn } from '@/lib/utils';

type Mode = 'pickup' | 'delivery';

/** Said when the final button's checks pass: orders come in a later step, and the page
 * says so rather than pretending to place one. */
export const ORDERS_NOT_YET = 'Online ordering is coming soon. Your cart is saved and nothing has been charged.';

/** What the form needs of the cart: whether there is anything to order, and whether it
 * is still loading or could not be loaded. The cart's useCart() fits as it is. */
interface CartStatus {
  lines: readonly unknown[];
  isLoading: boolean;
  error: Error | null;
  retry: () => void;
}

/** Checkout's choices (spec §2): pickup or delivery, the contact details delivery needs
 * (prefilled from the signed-in shopper), the payment method and the final button. */
export function CheckoutForm({ cart }: { cart: CartStatus }) {
  const user = useAuth((state) => state.user);
  const [mode, setMode] = useState<Mode>('pickup');
  const [payment, setPayment] = useState<PaymentMethod>('bank');
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<ContactForm>({
    resolver: zodResolver(contactSchema),
    defaultValues: {
      firstName: user?.fullName?.split(' ')[0] ?? '',
      companyName: '',
      streetAddress: '',
      apartment: '',
      townCity: '',
      phoneNumber: user?.phoneNumber ?? '',
      emailAddress: user?.emailAddress ?? '',
      saveAddress: false,
    },
  });
  const empty = cart.lines.length === 0;

  const finish = () => {
    setNotice(ORDERS_NOT_YET);
    toast.info(ORDERS_NOT_YET);
  };
  const submit = () => {
    if (empty) {
      toast.error('Your cart is empty');
      return;
    }
    if (mode === 'delivery') void form.handleSubmit(finish)();
    else finish();
  };

  return (
    <form
      noValidate
      className="space-y-6 rounded-lg border border-slate-200 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div role="radiogroup" aria-label="Pickup or delivery" className="inline-flex rounded-full bg-slate-100 p-1">
        {(['pickup', 'delivery'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={mode === choice}
            onClick={() => setMode(choice)}
            className={cn('rounded-full px-6 py-2 text-sm font-medium', mode === choice ? 'bg-white shadow' : 'text-slate-600')}
          >
            {choice === 'pickup' ? 'Pickup' : 'Delivery'}
          </button>
        ))}
      </div>
      {mode === 'delivery' ? (
        <ContactFields register={form.register} errors={form.formState.errors} />
      ) : (
        <p className="text-slate-600">Collect your order from our store. We will e-mail you when it is ready.</p>
      )}
      <PaymentChoice value={payment} onChange={setPayment} />
      <Button type="submit" className="h-12 w-full rounded-full" disabled={empty || cart.isLoading}>
        Go to Checkout
      </Button>
      {cart.error ? (
        <div role="alert" className="space-y-2 text-center">
          <p className="text-red-600">{cart.error.message}</p>
          <Button type="button" variant="outline" onClick={() => cart.retry()}>
            Try Again
          </Button>
        </div>
      ) : empty && !cart.isLoading && (
        <p className="text-center text-sm text-slate-600">
          Your cart is empty.{' '}
          <Link to={paths.shop} className="text-brand underline">
            Continue shopping
          </Link>
        </p>
      )}
      {notice && (
        <p role="status" className="rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          {notice}
        </p>
      )}
    </form>
  );
}
