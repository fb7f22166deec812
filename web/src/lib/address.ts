// A delivery address as the order pages, the console and the packing slip print it.
import type { Contact } from '@/api/types';
import { countryName } from './countries';

/** The address's lines, the empty ones left out: the company, street, apartment, town,
 * postcode and country (orders placed before postcodes were asked for have neither). */
export const addressLines = (contact: Contact): string[] =>
  [contact.companyName, contact.streetAddress, contact.apartment, contact.townCity, contact.postcode, contact.country ? countryName(contact.country) : ''].filter(Boolean);
