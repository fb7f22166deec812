import { MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import type { Category } from '@/api/types';
import { paths, shopByCategory } from '@/config/paths';
import { shop } from '@/config/shop';

/** How many of the shop's categories the footer lists, in the shop's order. */
export const FOOTER_CATEGORIES = 6;

/** The spec's customer-service links (spec §2), each to a real page (docs/DESIGN.md §15): About,
 * order tracking, and the shop's own pages that staff write. Delivery & Collection is the
 * sixth of those pages, which the spec's list does not name. */
export const CUSTOMER_SERVICE: { label: string; to: string }[] = [
  { label: 'About Us', to: paths.about },
  { label: 'Terms & Conditions', to: paths.page('terms') },
  { label: 'Track your order', to: paths.trackOrder },
  { label: 'FAQ', to: paths.page('faq') },
  { label: 'Privacy Policy', to: paths.page('privacy') },
  { label: 'E-waste Policy', to: paths.page('e-waste') },
  { label: 'Cancellation & Return Policy', to: paths.page('returns') },
  { label: 'Delivery & Collection', to: paths.page('delivery') },
];

/** Every storefront page's footer: how to reach the shop, its categories (each to its
 * listing) and the customer-service pages. No link goes nowhere; the app-store badges
 * are left out while the shop has no app. */
export function Footer({ categories }: { categories: Category[] }) {
  const tel = `tel:${shop.phone.replace(/\s/g, '')}`;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 text-sm">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-semibold">Contact Us</h2>
          <p className="flex items-center gap-2 text-slate-700">
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> WhatsApp: <a href={tel}>{shop.phone}</a>
          </p>
          <p className="mt-2 flex items-center gap-2 text-slate-700">
            <Phone className="h-4 w-4" aria-hidden="true" /> Call us: <a href={tel}>{shop.phone}</a>
          </p>
        </section>
        <section aria-labelledby="footer-popular">
          <h2 id="footer-popular" className="mb-3 font-semibold">Popular Categories</h2>
          <ul className="space-y-1.5 text-slate-700">
            {categories.slice(0, FOOTER_CATEGORIES).map((category) => (
              <li key={category._id}>
                <Link to={shopByCategory(category._id)} className="hover:underline">
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="mb-3 font-semibold">Customer Services</h2>
          <ul className="space-y-1.5 text-slate-700">
            {CUSTOMER_SERVICE.map(({ label, to }) => (
              <li key={label}>
                <Link to={to} className="hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">© {new Date().getFullYear()} Shop. All rights reserved.</p>
    </footer>
  );
}
