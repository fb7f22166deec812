import type { Order } from '@/api/types';
import { addressLines } from '@/lib/address';

/** Who the order is for and how to reach them; for delivery, where it goes and how. */
export function OrderContact({ order }: { order: Pick<Order, 'contact' | 'fulfilment' | 'deliveryMethod'> }) {
  const { contact } = order;
  const address = addressLines(contact);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Name</dt>
      <dd className="break-words">{contact.firstName}</dd>
      <dt className="text-slate-600">Email</dt>
      <dd className="break-all">
        <a href={`mailto:${contact.emailAddress}`} className="text-brand hover:underline">
          {contact.emailAddress}
        </a>
      </dd>
      <dt className="text-slate-600">Phone</dt>
      <dd>
        <a href={`tel:${contact.phoneNumber}`} className="text-brand hover:underline">
          {contact.phoneNumber}
        </a>
      </dd>
      {order.fulfilment === 'delivery' && (
        <>
          <dt className="text-slate-600">Address</dt>
          <dd className="break-words">
            {address.map((part) => (
              <span key={part} className="block">
                {part}
              </span>
            ))}
          </dd>
          {order.deliveryMethod && (
            <>
              <dt className="text-slate-600">Method</dt>
              <dd className="break-words">{order.deliveryMethod.name}</dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}
