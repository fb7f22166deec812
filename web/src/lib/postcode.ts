// A postcode as the server reads it (domain/contact.rs `check_postcode`): checkout's
// delivery form and the console's delivery preview check it alike before asking.
import { MAX_POSTCODE_CHARS } from './rules';

/** What the server says of a postcode it cannot read. */
export const POSTCODE_RULE = 'A postcode is letters, digits, spaces or hyphens';
export const POSTCODE_TOO_LONG = `At most ${MAX_POSTCODE_CHARS} characters`;
/** Letters, digits, spaces and hyphens (blank is none). */
export const POSTCODE_PATTERN = /^[A-Za-z0-9 -]*$/;

/** Why `postcode` (trimmed) cannot be one, or null when it can. */
export function postcodeProblem(postcode: string): string | null {
  if (postcode.length > MAX_POSTCODE_CHARS) return POSTCODE_TOO_LONG;
  return POSTCODE_PATTERN.test(postcode) ? null : POSTCODE_RULE;
}
