import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldValues, type Path, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth, useSignedInUserId } from '@/features/auth';
import type { ContactInput, DeliveryOption, Fulfilment } from '@/features/orders';
import { primaryFirst, takesCards, usePaymentConfig, usePaymentMethods } from '@/features/payments';
import { useShop } from '@/features/shop';
import { useAccountCredit } from '@/features/trade';
import { cn } from '@/lib/utils';
import { accountPaymentSchema, type AccountPaymentForm } from '../account-schema';
import { useSavedAddress } from '../api/get-saved-address';
import { type CardChoice, type CheckoutPayment, INITIAL_CARD_CHOICE, selectedCard } from '../card-choice';
import { contactSchema, type ContactForm, pickupContactSchema, type PickupContactForm } from '../contact-schema';
import type { CheckoutCart, FieldMessages } from '../use-checkout';
import { AccountPayment } from './account-payment';
import { CardPayment } from './card-payment';
import { ContactFields } from './contact-fields';
import { DeliveryOptions } from './delivery-options';
import { PaymentChoice, type PaymentMethod } from './payment-choice';
import { PickupContactFields } from './pickup-contact-fields';

/** Said while Bank is chosen in a shop that takes no cards (the payment provider is
 * 'manual'): the button waits rather than pretending. */
const CARD_PAYMENTS_NOT_YET = 'Card payment is coming soon. Choose Cash On Delivery to place your order now.';

/** The fields both modes ask for: what was typed in one is offered to the other. */
const SHARED = ['firstName', 'phoneNumber', 'emailAddress'] as const;

/** The form's values once its schema passes (trimmed), or null after showing why not. */
const validValues = <T extends FieldValues>(form: UseFormReturn<T>) =>
  new Promise<T | null>((resolve) => void form.handleSubmit(resolve, () => resolve(null))());

/** A form the server's messages may be shown on: whether it has a field, and how. */
interface MessageTarget {
  has: (name: string) => boolean;
  show: (name: string, message: string) => void;
}

const targetOf = <T extends FieldValues>(form: UseFormReturn<T>): MessageTarget => ({
  has: (name) => Object.keys(form.getValues()).includes(name),
  show: (name, message) => form.setError(name as Path<T>, { type: 'server', message }),
});

/** Shows the server's messages on the fields the `forms` have (the contact's, the PO
 * number's); says the rest in a toast. */
function showFieldMessages(forms: MessageTarget[], messages: FieldMessages) {
  const elsewhere: string[] = [];
  for (const [name, message] of Object.entries(messages)) {
    const form = forms.find((target) => target.has(name));
    if (form) form.show(name, message);
    else elsewhere.push(message);
  }
  if (elsewhere.length > 0) toast.error(elsewhere.join(' '));
}

/** The delivery methods on offer and how the form tells checkout where a delivery goes
 * (use-checkout.ts `delivery`). */
export interface DeliveryPanel {
  options: DeliveryOption[];
  chosen: string | null;
  refusal: string | null;
  /** Why the last order refused its method ('Choose a delivery method', …). */
  error: string | null;
  setPostcode: (postcode: string) => void;
  setCountry: (country: string) => void;
  choose: (methodId: string) => void;
}

/** Checkout's choices (spec §2): pickup (a name, phone and e-mail) or delivery (the
 * Contact Information, prefilled from the saved address or the profile, then the
 * delivery methods that serve its postcode: docs/DESIGN.md §10), the payment
 * method (with Bank, the card: a saved one or a new one; for an approved trade account
 * with credit, Pay on account with a PO number: docs/DESIGN.md §11), then `summary` (the Order
 * Summary), then the final button, which places the order through `onPlace`: the total
 * is read before the button that pays it, on a phone too (docs/DESIGN.md §15). The three are
 * the items of the caller's grid, in this order; the button belongs to the form through
 * its `form` attribute (the summary holds a form of its own, the promo code's, which a
 * form cannot). `paymentError` is the last refusal of the card or the account; any change
 * to the payment clears it through `onPaymentChange`. */
export function CheckoutForm({
  summary,
  cart,
  mode,
  onModeChange,
  delivery: panel,
  onPlace,
  paymentError = null,
  onPaymentChange = () => {},
}: {
  summary: ReactNode;
  cart: CheckoutCart;
  mode: Fulfilment;
  delivery: DeliveryPanel;
  onModeChange: (mode: Fulfilment) => void;
  onPlace: (contact: ContactInput, saveAddress: boolean, payment: CheckoutPayment) => Promise<FieldMessages | null>;
  paymentError?: string | null;
  onPaymentChange?: () => void;
}) {
  const user = useAuth((state) => state.user);
  const userId = useSignedInUserId();
  const saved = useSavedAddress(userId);
  const config = usePaymentConfig();
  const cardsTaken = takesCards(config.data);
  // Saved cards only where cards are taken: a cash-only shop has none to offer.
  const savedCards = usePaymentMethods(cardsTaken ? userId : null);
  const cards = useMemo(() => primaryFirst(savedCards.data ?? []), [savedCards.data]);
  const [chosenPayment, setPayment] = useState<PaymentMethod>('bank');
  // Pay on account is offered while the account has credit to give (null: not offered).
  const credit = useAccountCredit(userId);
  const payment = chosenPayment === 'account' && credit === null ? 'bank' : chosenPayment;
  const onAccount = payment === 'account';
  const [cardChoice, setCardChoice] = useState<CardChoice>(INITIAL_CARD_CHOICE);
  const card = selectedCard(cardChoice, cards);
  const [placing, setPlacing] = useState(false);
  // Set at the first click, before any re-render could disable the button: a double
  // click places one order.
  const busy = useRef(false);
  const formId = useId();

  const pickup = useForm<PickupContactForm>({
    resolver: zodResolver(pickupContactSchema),
    defaultValues: { firstName: user?.fullName ?? '', phoneNumber: user?.phoneNumber ?? '', emailAddress: user?.emailAddress ?? '' },
  });
  const account = useForm<AccountPaymentForm>({ resolver: zodResolver(accountPaymentSchema), defaultValues: { poNumber: '' } });
  const address = saved.data;
  const savedValues = useMemo(() => (address ? { ...address, saveAddress: false } : undefined), [address]);
  const delivery = useForm<ContactForm>({
    resolver: zodResolver(contactSchema),
    defaultValues: {
      firstName: user?.fullName?.split(' ')[0] ?? '',
      companyName: '',
      streetAddress: '',
      apartment: '',
      townCity: '',
      postcode: '',
      country: '',
      phoneNumber: user?.phoneNumber ?? '',
      emailAddress: user?.emailAddress ?? '',
      saveAddress: false,
    },
    // The saved address arrives after the first render; what the shopper typed meanwhile stays.
    values: savedValues,
    resetOptions: { keepDirtyValues: true },
  });
  // The country starts as the shop's own once it is known (a saved address may name none).
  const shopCountry = useShop().data?.country;
  const country = useWatch({ control: delivery.control, name: 'country' });
  useEffect(() => {
    if (shopCountry && country === '') delivery.setValue('country', shopCountry);
  }, [shopCountry, country, delivery]);
  /** A postcode left: it counts once it is one (else its field says why). */
  const commitPostcode = (postcode: string) => {
    void delivery.trigger('postcode').then((valid) => valid && panel.setPostcode(postcode));
  };
  const empty = cart.lines.length === 0;
  const cardChosen = payment === 'bank';
  // Bank waits while the payment options load, and stays closed where no cards are taken.
  const cardsClosed = cardChosen && !cardsTaken;
  const cardsNote = cardsClosed && !config.isPending;
  const cardsLoading = cardChosen && cardsTaken && userId !== null && savedCards.isPending;

  const switchTo = (next: Fulfilment) => {
    if (next === mode) return;
    for (const name of SHARED) {
      const [from, to] = next === 'delivery' ? [pickup.getValues(name), delivery.getValues(name)] : [delivery.getValues(name), pickup.getValues(name)];
      if (to.trim() !== '' || from.trim() === '') continue;
      if (next === 'delivery') delivery.setValue(name, from);
      else pickup.setValue(name, from);
    }
    onModeChange(next);
  };

  const placeWith = async <T extends FieldValues>(form: UseFormReturn<T>, contactOf: (values: T) => [ContactInput, boolean]) => {
    // Both checked at once, so every missing field says so at the first click.
    const [values, po] = await Promise.all([validValues(form), onAccount ? validValues(account) : null]);
    if (!values || (onAccount && !po)) return;
    const paidWith: CheckoutPayment = po
      ? { method: 'account', poNumber: po.poNumber }
      : !cardChosen
        ? { method: 'cod' }
        : card === 'new'
          ? { method: 'card', newCard: cardChoice.newCard, saveCard: cardChoice.saveCard }
          : { method: 'card', savedCardId: card };
    const messages = await onPlace(...contactOf(values), paidWith);
    if (messages) showFieldMessages([targetOf(form), targetOf(account)], messages);
  };

  const submit = async () => {
    if (busy.current || cardsClosed || cardsLoading) return;
    if (empty) {
      toast.error('Your cart is empty');
      return;
    }
    busy.current = true;
    setPlacing(true);
    try {
      // A guest has no profile to save the address to.
      if (mode === 'delivery') await placeWith(delivery, ({ saveAddress, ...contact }) => [contact, saveAddress && userId !== null]);
      else await placeWith(pickup, (contact) => [contact, false]);
    } finally {
      busy.current = false;
      setPlacing(false);
    }
  };

  return (
    <>
      <form
        id={formId}
        noValidate
        className="space-y-6 rounded-lg border border-slate-200 p-5 lg:row-span-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div role="radiogroup" aria-label="Pickup or delivery" className="inline-flex rounded-full bg-slate-100 p-1">
          {(['pickup', 'delivery'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={mode === choice}
              onClick={() => switchTo(choice)}
              className={cn('rounded-full px-6 py-2 text-sm font-medium', mode === choice ? 'bg-white shadow' : 'text-slate-600')}
            >
              {choice === 'pickup' ? 'Pickup' : 'Delivery'}
            </button>
          ))}
        </div>
        {mode === 'delivery' ? (
          <>
            <ContactFields register={delivery.register} errors={delivery.formState.errors} canSave={userId !== null} shopCountry={shopCountry} onPostcodeDone={commitPostcode} onCountryChange={panel.setCountry} />
            <DeliveryOptions options={panel.options} chosen={panel.chosen} refusal={panel.refusal} error={panel.error} onChoose={panel.choose} />
          </>
        ) : (
          <PickupContactFields register={pickup.register} errors={pickup.formState.errors} />
        )}
        <PaymentChoice
          value={payment}
          onAccount={credit !== null}
          onChange={(next) => {
            setPayment(next);
            onPaymentChange();
          }}
        />
        {onAccount && credit !== null && (
          <AccountPayment available={credit} registration={account.register('poNumber')} poError={account.formState.errors.poNumber?.message} error={paymentError} />
        )}
        {cardsNote && (
          <p id="card-payment-note" className="rounded-md bg-sky-50 p-3 text-sm text-sky-900">
            {CARD_PAYMENTS_NOT_YET}
          </p>
        )}
        {cardChosen &&
          cardsTaken &&
          (cardsLoading ? (
            <p role="status" className="text-sm text-slate-600">
              Loading your saved cards...
            </p>
          ) : (
            <CardPayment
              choice={cardChoice}
              selected={card}
              savedCards={cards}
              canSave={userId !== null}
              error={paymentError}
              loadError={savedCards.isError ? savedCards.error.message : null}
              onChange={(next) => {
                setCardChoice(next);
                onPaymentChange();
              }}
            />
          ))}
      </form>
      {summary}
      <div className="space-y-3 lg:col-start-2">
        <Button
          type="submit"
          form={formId}
          className="h-12 w-full rounded-full"
          disabled={empty || cart.isLoading || placing || cardsClosed || cardsLoading}
          aria-describedby={cardsNote ? 'card-payment-note' : undefined}
        >
          {placing ? 'Placing order...' : 'Go to Checkout'}
        </Button>
        {cart.error ? (
          <div role="alert" className="space-y-2 text-center">
            <p className="text-red-600">{cart.error.message}</p>
            <Button type="button" variant="outline" onClick={() => cart.retry()}>
              Try Again
            </Button>
          </div>
        ) : (
          empty &&
          !cart.isLoading && (
            <p className="text-center text-sm text-slate-600">
              Your cart is empty.{' '}
              <Link to={paths.shop} className="text-brand underline">
                Continue shopping
              </Link>
            </p>
          )
        )}
      </div>
    </>
  );
}
