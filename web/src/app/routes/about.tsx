import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/page-title';

const RANGE = ['Faucets', 'Pipe Tools', 'Valve & Controls', 'Pipe Fittings', 'Drains & Strainers', 'Shower Accessories'];

/** About Us: a short, real page (docs/DESIGN.md §5). */
export function Component() {
  useDocumentTitle('About Us');
  return (
    <div className="mx-auto max-w-3xl space-y-6 py-4">
      <h1 className="text-3xl font-bold">About Us</h1>
      <p className="text-slate-700">
        We supply plumbing, heating and everyday household essentials to homeowners, landlords and tradespeople. Whether you are swapping a dripping tap, replacing a radiator
        valve or fitting out a new bathroom, we aim to make it easy to find the right part at a fair price.
      </p>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">What we stock</h2>
        <ul className="grid list-disc gap-1 pl-5 text-slate-700 sm:grid-cols-2">
          {RANGE.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <p className="text-slate-700">
          Every product page lists the price, what is in stock and reviews from other customers, so you can compare before you buy.
        </p>
      </section>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Help when you need it</h2>
        <p className="text-slate-700">
          Not sure which fitting or thread size you need? Tell us what you are working on and we will help you choose. For gas appliances, always use a Gas Safe registered
          engineer.
        </p>
      </section>
      <div className="flex flex-wrap gap-4">
        <Link to={paths.shop} className="font-medium text-brand hover:underline">
          Browse the shop
        </Link>
        <Link to={paths.contact} className="font-medium text-brand hover:underline">
          Contact us
        </Link>
      </div>
    </div>
  );
}
