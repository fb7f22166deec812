import type { PickupPoint } from '@/api/types';
import { useShop } from '../api/get-shop';

/** Where and when to collect a pickup order, as the shop wrote it (line breaks kept);
 * nothing while the shop has not said, or while it loads. */
export function PickupDetails({ className }: { className?: string }) {
  const shop = useShop();
  const pickup = shop.data?.pickup;
  return pickup ? <PickupBlock pickup={pickup} className={className} /> : null;
}

export function PickupBlock({ pickup, className }: { pickup: PickupPoint; className?: string }) {
  const parts = [
    ['Address', pickup.address],
    ['Opening hours', pickup.openingHours],
    ['How to collect', pickup.instructions],
  ].filter(([, text]) => text);
  return (
    <div className={className}>
      <p className="font-medium text-slate-900">{pickup.name}</p>
      {parts.map(([label, text]) => (
        <div key={label} className="mt-2">
          <p className="text-sm font-medium text-slate-700">{label}</p>
          <p className="whitespace-pre-line text-sm text-slate-600">{text}</p>
        </div>
      ))}
    </div>
  );
}
