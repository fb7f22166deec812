import { CircleCheck } from 'lucide-react';
import type { Order } from '../api/types';

/** Said on the order's page right after checkout placed it. */
export function OrderConfirmation({ order }: { order: Pick<Order, 'number' | 'contact'> }) {
  return (
    <section aria-labelledby="confirmation-heading" className="flex gap-3 rounded-lg bg-emerald-50 p-4 text-emerald-900">
      <CircleCheck className="mt-0.5 h-6 w-6 shrink-0" aria-hidden="true" />
      <div>
        <h2 id="confirmation-heading" className="font-semibold">
          Thank you, your order #{order.number} is placed
        </h2>
        <p className="text-sm">We have e-mailed a confirmation to {order.contact.emailAddress}</p>
      </div>
    </section>
  );
}
