import { ExampleNote } from '@/features/account/components/example-note';
import { OrderTimeline } from '@/features/account/components/order-timeline';
import { SAMPLE_NOTE, SAMPLE_ORDER } from '@/features/account/samples';

/** 'Orders Details' (spec §2): an example order and its timeline, until orders become real
 * (DESIGN.md §5). */
export function Component() {
  const order = SAMPLE_ORDER;
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Orders Details</h1>
      <ExampleNote>{SAMPLE_NOTE.orders}</ExampleNote>
      <article aria-labelledby="order-heading" className="grid gap-6 rounded-lg border border-slate-200 p-5 md:grid-cols-[1fr_220px]">
        <div className="space-y-3">
          <h2 id="order-heading" className="text-lg font-semibold">
            Order #{order.number}
          </h2>
          <ul aria-label="Items" className="space-y-1 text-sm text-slate-700">
            {order.items.map((item) => (
              <li key={item.name}>
                {item.name} <span className="text-slate-500">× {item.quantity}</span>
              </li>
            ))}
          </ul>
        </div>
        <OrderTimeline steps={order.steps} />
      </article>
    </div>
  );
}
