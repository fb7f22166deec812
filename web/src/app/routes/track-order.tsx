import { TrackOrderForm } from '@/features/orders';
import { useDocumentTitle } from '@/lib/page-title';

/** 'Track your order': the order's link mailed again to the address it was placed with. */
export function Component() {
  useDocumentTitle('Track your order');
  return (
    <div className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-2xl font-semibold">Track your order</h1>
      <p className="text-slate-600">Enter your order number and the e-mail address you ordered with, and we will e-mail you a link to your order.</p>
      <TrackOrderForm />
    </div>
  );
}
