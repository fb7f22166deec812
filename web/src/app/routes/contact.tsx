import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { shop } from '@/config/shop';
import { PickupBlock, useShop } from '@/features/shop';
import { useDocumentTitle } from '@/lib/page-title';

const telHref = `tel:${shop.phone.replace(/\s/g, '')}`;

/** Contact: a short, real page with the shop's phone, e-mail and hours (docs/DESIGN.md §5). */
export function Component() {
  useDocumentTitle('Contact');
  const pickup = useShop().data?.pickup;
  return (
    <div className="mx-auto max-w-3xl space-y-6 py-4">
      <h1 className="text-3xl font-bold">Contact</h1>
      <p className="text-slate-700">Questions about a product, or a part you are trying to match? Call or e-mail us and we will be glad to help.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="contact-phone" className="space-y-2 rounded-lg border border-slate-200 p-5">
          <h2 id="contact-phone" className="flex items-center gap-2 font-semibold">
            <Phone className="h-4 w-4" aria-hidden="true" /> Call us
          </h2>
          <a href={telHref} className="inline-flex min-h-11 items-center text-brand hover:underline">
            {shop.phone}
          </a>
        </section>
        <section aria-labelledby="contact-email" className="space-y-2 rounded-lg border border-slate-200 p-5">
          <h2 id="contact-email" className="flex items-center gap-2 font-semibold">
            <Mail className="h-4 w-4" aria-hidden="true" /> E-mail
          </h2>
          <a href={`mailto:${shop.email}`} className="inline-flex min-h-11 items-center text-brand hover:underline">
            {shop.email}
          </a>
        </section>
      </div>
      <section aria-labelledby="contact-hours" className="space-y-2 rounded-lg border border-slate-200 p-5">
        <h2 id="contact-hours" className="flex items-center gap-2 font-semibold">
          <Clock className="h-4 w-4" aria-hidden="true" /> Opening hours
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {shop.openingHours.map((row) => (
            <div key={row.days} className="contents">
              <dt className="text-slate-600">{row.days}</dt>
              <dd>{row.hours}</dd>
            </div>
          ))}
        </dl>
      </section>
      {pickup && (
        <section aria-labelledby="contact-pickup" className="space-y-2 rounded-lg border border-slate-200 p-5">
          <h2 id="contact-pickup" className="flex items-center gap-2 font-semibold">
            <MapPin className="h-4 w-4" aria-hidden="true" /> Collect your order
          </h2>
          <PickupBlock pickup={pickup} />
        </section>
      )}
    </div>
  );
}
