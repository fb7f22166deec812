import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PickupDetails } from '@/features/shop';
import { PHONE_HINT } from '@/lib/phone';
import type { PickupContactForm } from '../contact-schema';
import { ContactField } from './contact-field';

const FIELDS: { name: keyof PickupContactForm; label: string; type?: string; autoComplete: string; hint?: string }[] = [
  { name: 'firstName', label: 'Name', autoComplete: 'name' },
  { name: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel', hint: PHONE_HINT },
  { name: 'emailAddress', label: 'Email Address', type: 'email', autoComplete: 'email' },
];

/** Pickup's small contact block: who collects the order, and how we tell them it is ready. */
export function PickupContactFields({ register, errors }: { register: UseFormRegister<PickupContactForm>; errors: FieldErrors<PickupContactForm> }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-lg font-semibold">Your details</legend>
      <p className="text-sm text-slate-600">Collect your order from our store. We will e-mail you when it is ready.</p>
      <PickupDetails className="rounded-md border border-slate-200 bg-slate-50 p-3" />
      {FIELDS.map((field) => (
        <ContactField key={field.name} id={`pickup-${field.name}`} required {...field} error={errors[field.name]?.message} registration={register(field.name)} />
      ))}
    </fieldset>
  );
}
