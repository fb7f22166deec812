import { cn } from '@/lib/utils';
import { STATE_LABELS } from '../labels';
import { DELIVERY_STATES, type DeliveryState } from '../types';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** Whether the shop sends the endpoint its events: 'Active' or 'Off' (the colour only repeats it). */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <span className={cn(badge, 'bg-emerald-100 text-emerald-900')}>Active</span> : <span className={cn(badge, 'bg-slate-200 text-slate-800')}>Off</span>;
}

const STATE_COLOURS: Record<DeliveryState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  delivered: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

const isState = (state: string): state is DeliveryState => (DELIVERY_STATES as readonly string[]).includes(state);

/** Where a delivery stands, in words: 'Pending', 'Delivered' or 'Failed' (a state this
 * console does not know, as the server names it). */
export function DeliveryStateBadge({ state }: { state: string }) {
  return <span className={cn(badge, isState(state) ? STATE_COLOURS[state] : 'bg-slate-200 text-slate-800')}>{isState(state) ? STATE_LABELS[state] : state}</span>;
}
