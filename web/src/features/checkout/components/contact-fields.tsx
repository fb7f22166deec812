import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ContactForm } from '../contact-schema';

const FIELDS: { name: Exclude<keyof ContactForm, 'saveAddress'>; label: string; required: boolean; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', required: true, autoComplete: 'given-name' },
  { name: 'companyName', label: 'Company Name', required: false, autoComplete: 'organization' },
  { name: 'streetAddress', label: 'Street Address', required: true, autoComplete: 'address-line1' },
  { name: 'apartment', label: 'Apartment floor etc.', required: false, autoComplete: 'address-line2' },
  { name: 'townCity', label: 'Town/City', required: true, autoComplete: 'address-level2' },
  { name: 'phoneNumber', label: 'Phone Number', required: true, type: 'tel', autoComplete: 'tel' },
  { name: 'emailAddress', label: 'Email Address', required: true, type: 'email', autoComplete: 'email' },
];

/** 'Contact Information' for delivery (spec §2), with each field's message below it. */
export function ContactFields({ register, errors }: { register: UseFormRegister<ContactForm>; errors: FieldErrors<ContactForm> }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-lg font-semibold">Contact Information</legend>
      {FIELDS.map((field) => {
        const error = errors[field.name]?.message;
        const id = `contact-${field.name}`;
        return (
          <div key={field.name} className="space-y-1">
            <label htmlFor={id} className="block text-sm font-medium text-slate-700">
              {field.label}
              {field.required && <span className="text-red-600">*</span>}
            </label>
            <input
              id={id}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="h-11 w-full rounded-md border border-slate-300 bg-slate-50 px-3 text-sm outline-none focus:ring-2 focus:ring-brand"
              {...register(field.name)}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm text-red-600">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-brand" {...register('saveAddress')} />
        Save address to my profile
      </label>
    </fieldset>
  );
}
