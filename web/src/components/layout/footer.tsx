import { MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { shop } from '@/config/shop';

const POPULAR_CATEGORIES = ['Faucets', 'Pipe Tools', 'Valve & Controls', 'Pipe Fittings', 'Drains & Strainers', 'Shower Accessories'];
// Terms & Conditions and Track your order have pages; the rest are placeholders (spec §2).
const CUSTOMER_SERVICE: { label: string; to?: string }[] = [
  { label: 'About Us' },
  { label: 'Terms & Conditions', to: paths.terms },
  { label: 'Track your order', to: paths.trackOrder },
  { label: 'FAQ' },
  { label: 'Privacy Policy' },
  { label: 'E-waste Policy' },
  { label: 'Cancellation & Return Policy' },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 text-sm">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-semibold">Contact Us</h2>
          <p className="flex items-center gap-2 text-slate-700">
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> WhatsApp: <a href={`tel:${shop.phone.replace(/\s/g, '')}`}>{shop.phone}</a>
          </p>
          <p className="mt-2 flex items-center gap-2 text-slate-700">
            <Phone className="h-4 w-4" aria-hidden="true" /> Call us: <a href={`tel:${shop.phone.replace(/\s/g, '')}`}>{shop.phone}</a>
          </p>
        </section>
        <section aria-labelledby="footer-apps">
          <h2 id="footer-apps" className="mb-3 font-semibold">Download App</h2>
          <div className="flex flex-col gap-2">
            <a href="#" className="inline-flex w-40 items-center justify-center rounded-md bg-slate-900 px-3 py-2 text-white">App Store</a>
            <a href="#" className="inline-flex w-40 items-center justify-center rounded-md bg-slate-900 px-3 py-2 text-white">Google Play</a>
          </div>
        </section>
        <section aria-labelledby="footer-popular">
          <h2 id="footer-popular" className="mb-3 font-semibold">Popular Categories</h2>
          <ul className="space-y-1.5 text-slate-700">
            {POPULAR_CATEGORIES.map((title) => (
              <li key={title}><a href="#" className="hover:underline">{title}</a></li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="mb-3 font-semibold">Customer Services</h2>
          <ul className="space-y-1.5 text-slate-700">
            {CUSTOMER_SERVICE.map(({ label, to }) => (
              <li key={label}>{to ? <Link to={to} className="hover:underline">{label}</Link> : <a href="#" className="hover:underline">{label}</a>}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">© {new Date().getFullYear()} Shop. All rights reserved.</p>
    </footer>
  );
}
