import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PHONE_HINT } from '@/lib/phone';
import type { ContactForm } from '../contact-schema';
import { ContactField } from './contact-field';

const FIELDS: { name: Exclude<keyof ContactForm, 'saveAddress'>; label: string; required: boolean; type?: string; autoComplete: string; hint?: string }[] = [
  { name: 'firstName', label: 'First Name', required: true, autoComplete: 'given-name' },
  { name: 'companyName', label: 'Company Name', required: false, autoComplete: 'organization' },
  { name: 'streetAddress', label: 'Street Address', required: true, autoComplete: 'address-line1' },
  { name: 'apartment', label: 'Apartment floor etc.', required: false, autoComplete: 'address-line2' },
  { name: 'townCity', label: 'Town/City', required: true, autoComplete: 'address-level2' },
  { name: 'phoneNumber', label: 'Phone Number', required: true, type: 'tel', autoComplete: 'tel', hint: PHONE_HINT },
  { name: 'emailAddress', label: 'Email Address', required: true, type: 'email', autoComplete: 'email' },
];

/** 'Contact Information' for delivery (spec §2), with each field's message below it.
 * 'Save address to my profile' only for a shopper who has a profile (`canSave`). */
export function ContactFields({ register, errors, canSave }: { register: UseFormRegister<ContactForm>; errors: FieldErrors<ContactForm>; canSave: boolean }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-lg font-semibold">Contact Information</legend>
      {FIELDS.map((field) => (
        <ContactField key={field.name} id={`contact-${field.name}`} {...field} error={errors[field.name]?.message} registration={register(field.name)} />
      ))}
      {canSave && (
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-brand" {...register('saveAddress')} />
          Save address to my profile
        </label>
      )}
    </fieldset>
  );
}
