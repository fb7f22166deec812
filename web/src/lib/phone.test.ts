import table from './phone-examples.json';
import { isCheckoutPhone, isProfilePhone, PHONE_HINT, PHONE_INVALID, stripPhone } from './phone';

describe('phone numbers as people type them', () => {
  it.each(table.examples)('$raw: checkout $checkout, profile $profile', ({ raw, checkout, profile }) => {
    expect(isCheckoutPhone(raw) ? stripPhone(raw) : null).toBe(checkout);
    expect(isProfilePhone(raw) ? stripPhone(raw) : null).toBe(profile);
  });

  it('refuses with the spec’s words, then the format it wants', () => {
    expect(PHONE_INVALID).toBe('Please enter a valid phone number. Include the country code, e.g. +44 7700 900123');
    expect(PHONE_INVALID.endsWith(PHONE_HINT)).toBe(true);
  });
});
