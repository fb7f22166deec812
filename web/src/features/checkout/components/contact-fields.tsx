import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { countryOptions } from '@/lib/countries';
import { PHONE_HINT } from '@/lib/phone';
import type { ContactForm } from '../contact-schema';
import { ContactField } from './contact-field';

/** Every country, by name: the select's choices. */
const COUNTRIES = countryOptions();

const FIELDS: { name: Exclude<keyof ContactForm, 'saveAddress' | 'country'>; label: string; required: boolean; type?: string; autoComplete: string; hint?: string }[] = [
  { name: 'firstName', label: 'First Name', required: true, autoComplete: 'given-name' },
  { name: 'companyName', label: 'Company Name', required: false, autoComplete: 'organization' },
  { name: 'streetAddress', label: 'Street Address', required: true, autoComplete: 'address-line1' },
  { name: 'apartment', label: 'Apartment floor etc.', required: false, autoComplete: 'address-line2' },
  { name: 'townCity', label: 'Town/City', required: true, autoComplete: 'address-level2' },
  { name: 'postcode', label: 'Postcode', required: false, autoComplete: 'postal-code', hint: 'Chooses the delivery methods we can offer.' },
  { name: 'phoneNumber', label: 'Phone Number', required: true, type: 'tel', autoComplete: 'tel', hint: PHONE_HINT },
  { name: 'emailAddress', label: 'Email Address', required: true, type: 'email', autoComplete: 'email' },
];

/** 'Contact Information' for delivery (spec §2), with each field's message below it, and
 * the postcode and country that choose the delivery methods (docs/DESIGN.md §10): the
 * postcode counts once the shopper leaves it (`onPostcodeDone`); the country starts as
 * the shop's own (`shopCountry`, set by the form once known). 'Save address to my profile' only for a
 * shopper who has a profile (`canSave`). */
export function ContactFields({
  register,
  errors,
  canSave,
  shopCountry,
  onPostcodeDone,
  onCountryChange,
}: {
  register: UseFormRegister<ContactForm>;
  errors: FieldErrors<ContactForm>;
  canSave: boolean;
  shopCountry: string | undefined;
  onPostcodeDone: (postcode: string) => void;
  onCountryChange: (country: string) => void;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-lg font-semibold">Contact Information</legend>
      {FIELDS.map((field) => (
        <ContactField
          key={field.name}
          id={`contact-${field.name}`}
          {...field}
          error={errors[field.name]?.message}
          registration={field.name === 'postcode' ? register('postcode', { onBlur: (event: { target: HTMLInputElement }) => onPostcodeDone(event.target.value) }) : register(field.name)}
        />
      ))}
      <div className="space-y-1">
        <label htmlFor="contact-country" className="block text-sm font-medium text-slate-700">
          Country
        </label>
        <select
          id="contact-country"
          autoComplete="country"
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? 'contact-country-error' : undefined}
          className="h-11 w-full rounded-md border border-slate-300 bg-slate-50 px-3 text-sm outline-none focus:ring-2 focus:ring-brand"
          {...register('country', { onChange: (event: { target: HTMLSelectElement }) => onCountryChange(event.target.value) })}
        >
          {/* Until the shop's own country is known (then it is chosen). */}
          {!shopCountry && <option value="">…</option>}
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.country && (
          <p id="contact-country-error" className="text-sm text-red-600">
            {errors.country.message}
          </p>
        )}
      </div>
      {canSave && (
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-brand" {...register('saveAddress')} />
          Save address to my profile
        </label>
      )}
    </fieldset>
  );
}
