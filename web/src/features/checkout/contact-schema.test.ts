import { describe, expect, it } from 'vitest';
import { PHONE_INVALID } from '@/lib/phone';
import { POSTCODE_RULE } from '@/lib/postcode';
import { contactSchema, type ContactForm, pickupContactSchema } from './contact-schema';

const valid: ContactForm = {
  firstName: 'Ada',
  companyName: '',
  streetAddress: '1 Pipe Lane',
  apartment: '',
  townCity: 'Leeds',
  postcode: '',
  country: '',
  phoneNumber: '+447946095800',
  emailAddress: 'ada@example.com',
  saveAddress: false,
};

/** The first message for each failing field, as the form shows it. */
function messages(form: Partial<ContactForm>): Record<string, string> {
  const result = contactSchema.safeParse({ ...valid, ...form });
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe('the checkout contact form', () => {
  it('accepts a full address with the optional fields blank', () => {
    expect(messages({})).toEqual({});
  });

  it('takes a postcode of letters, digits, spaces and hyphens, as the server does', () => {
    expect(messages({ postcode: ' LS1 4AP ' })).toEqual({});
    expect(messages({ postcode: 'LS1/4AP' })).toEqual({ postcode: POSTCODE_RULE });
    expect(messages({ postcode: '1'.repeat(17) })).toEqual({ postcode: 'At most 16 characters' });
  });

  it('names each required field in the spec’s words', () => {
    expect(messages({ firstName: ' ', streetAddress: '', townCity: '', phoneNumber: '', emailAddress: '' })).toEqual({
      firstName: 'First name is required',
      streetAddress: 'Street address is required',
      townCity: 'Town/City is required',
      phoneNumber: 'Phone number is required',
      emailAddress: 'Email is required',
    });
  });

  it('checks the phone pattern once separators are stripped: optional plus, first digit 1-9, at most 16 digits', () => {
    expect(messages({ phoneNumber: '07946095800' })).toEqual({ phoneNumber: PHONE_INVALID });
    expect(messages({ phoneNumber: '07700 900123' })).toEqual({ phoneNumber: PHONE_INVALID });
    expect(messages({ phoneNumber: '+1234567890123456' })).toEqual({});
    expect(messages({ phoneNumber: '12345678901234567' })).toEqual({ phoneNumber: PHONE_INVALID });
    // As people type them (docs/DESIGN.md §15).
    expect(messages({ phoneNumber: '+44 7700 900123' })).toEqual({});
    expect(messages({ phoneNumber: '+44 (20) 7946-0958' })).toEqual({});
    expect(messages({ phoneNumber: '794-609' })).toEqual({});
    expect(messages({ phoneNumber: ' ( ) ' })).toEqual({ phoneNumber: 'Phone number is required' });
  });

  it('checks the e-mail address', () => {
    expect(messages({ emailAddress: 'ada@' })).toEqual({ emailAddress: 'Please enter a valid email address' });
  });
});

describe('the pickup contact block', () => {
  it('needs a name, a phone number and an e-mail address, checked as for delivery', () => {
    /** The first message for each failing field, as the form shows it. */
    const issues = (form: Record<string, string>) => {
      const first: Record<string, string> = {};
      for (const issue of pickupContactSchema.safeParse(form).error?.issues ?? []) first[String(issue.path[0])] ??= issue.message;
      return first;
    };
    expect(issues({ firstName: 'Grace Hopper', phoneNumber: '+15550100', emailAddress: 'grace@example.com' })).toEqual({});
    expect(issues({ firstName: ' ', phoneNumber: '', emailAddress: '' })).toEqual({
      firstName: 'Name is required',
      phoneNumber: 'Phone number is required',
      emailAddress: 'Email is required',
    });
    expect(issues({ firstName: 'Grace', phoneNumber: '0555', emailAddress: 'grace@' })).toEqual({
      phoneNumber: PHONE_INVALID,
      emailAddress: 'Please enter a valid email address',
    });
  });
});
