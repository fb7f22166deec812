import { PickupDetails } from '@/features/shop';
import { addressLines } from '@/lib/address';
import type { Order } from '../api/types';

/** How the order reaches the shopper: collected from the store, or delivered to the
 * address given by the method chosen; and how to reach them. */
export function OrderFulfilment({ order }: { order: Pick<Order, 'fulfilment' | 'contact' | 'deliveryMethod'> }) {
  const { contact } = order;
  const pickup = order.fulfilment === 'pickup';
  const address = addressLines(contact);
  return (
    <section aria-labelledby="fulfilment-heading" className="space-y-2 text-sm">
      <h2 id="fulfilment-heading" className="text-base font-semibold">
        {pickup ? 'Pickup' : 'Delivery'}
      </h2>
      {pickup ? (
        <>
          <p className="text-slate-600">Collect your order from our store. We will e-mail you when it is ready.</p>
          <PickupDetails className="rounded-md border border-slate-200 p-3" />
        </>
      ) : (
        <>
          {order.deliveryMethod && <p className="text-slate-600">By {order.deliveryMethod.name}</p>}
          <address className="not-italic text-slate-700">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Name</dt>
        <dd>{contact.firstName}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>{contact.phoneNumber}</dd>
        <dt className="text-slate-600">E-mail</dt>
        <dd>{contact.emailAddress}</dd>
      </dl>
    </section>
  );
}
