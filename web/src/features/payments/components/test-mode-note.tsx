import { FlaskConical } from 'lucide-react';
import { cn } from '@/lib/utils';
import { usePaymentConfig } from '../api/get-payment-config';

export const TEST_MODE = 'Test mode: no real money moves';

/** Said beside every card form while the shop runs its test provider (docs/DESIGN.md §7). */
export function TestModeNote({ className }: { className?: string }) {
  const config = usePaymentConfig();
  if (!config.data?.testMode) return null;
  return (
    <p role="note" className={cn('flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900', className)}>
      <FlaskConical className="h-4 w-4 shrink-0" aria-hidden="true" />
      {TEST_MODE}
    </p>
  );
}
