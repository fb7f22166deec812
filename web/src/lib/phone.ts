// Phone numbers as people type them (docs/DESIGN.md §15): every phone field strips spaces,
// dashes, dots and brackets first, then checks its own rule from the spec, and shows the
// format it wants beside the field and in its refusal. The server does the same
// (domain/phone.rs); both run the examples of phone-examples.json.

/** The format every phone field asks for. */
export const PHONE_HINT = 'Include the country code, e.g. +44 7700 900123';
/** The spec's refusal, then the format it wants. */
export const PHONE_INVALID = `Please enter a valid phone number. ${PHONE_HINT}`;

/** `raw` without white space, dashes, dots and brackets. */
export const stripPhone = (raw: string) => raw.replace(/[\s\-().]/g, '');

/** The checkout's rule (spec §5): an optional leading plus, a first digit 1-9, then up to
 * 15 more digits. */
const CHECKOUT_PHONE = /^\+?[1-9]\d{0,15}$/;

/** Whether `raw` is a checkout phone number once stripped. */
export const isCheckoutPhone = (raw: string) => CHECKOUT_PHONE.test(stripPhone(raw));

/** The profile's rule (spec §5), once stripped: at least 7 digits; a UK number (+44 or 0,
 * then 1-9 and 8 or 9 more digits), an international one (+, 1-9, 6 to 14 more digits)
 * or 7 to 15 digits starting with 1-9. */
export function isProfilePhone(raw: string): boolean {
  const phone = stripPhone(raw);
  return /^(?:\+44|0)[1-9]\d{8,9}$/.test(phone) || /^\+?[1-9]\d{6,14}$/.test(phone);
}
