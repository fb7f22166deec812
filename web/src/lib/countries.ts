// Country names for the codes the server knows (lib/rules.ts COUNTRY_CODES), in English
// from the browser's own data: nothing is downloaded or copied by hand.
import { COUNTRY_CODES } from './rules';

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** 'United Kingdom' for 'GB'; the code itself for one the browser cannot name. */
export const countryName = (code: string) => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

/** Every country as a select offers it, by name. */
export const countryOptions = (): { code: string; name: string }[] =>
  COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
