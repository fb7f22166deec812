import { useId, useState } from 'react';
import { toast } from 'sonner';
import { usePermissions } from '@/admin/shared/permissions';
import { MAX_NOTE_CHARS } from '@/admin/shared/schemas';
import type { Order } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { type OrderUpdate, useUpdateOrder } from '../api/update-order';
import { orderActions, type OrderAction, roleAllows } from '../order-actions';

/** What each one-click action's button says, and what the toast says once it is done. */
const ACTIONS: Record<Exclude<OrderAction, 'shipped' | 'cancelled'>, { label: string; done: (number: string) => string; update: OrderUpdate }> = {
  paid: { label: 'Mark paid (cash received)', done: (n) => `Order #${n}: payment recorded`, update: { kind: 'paid' } },
  ready_for_pickup: { label: 'Mark ready for pickup', done: (n) => `Order #${n} is ready for pickup`, update: { kind: 'status', status: 'ready_for_pickup' } },
  completed: { label: 'Mark completed', done: (n) => `Order #${n} is completed`, update: { kind: 'status', status: 'completed' } },
};

/** The moves the order allows from where it stands that the signed-in role may make, and
 * the server's reason when one is refused. Shipping asks for an optional tracking note;
 * cancelling asks first. A role that may make none of the order's moves sees no panel. */
export function OrderActionsPanel({ order }: { order: Order }) {
  const update = useUpdateOrder(order.number);
  const allowed = usePermissions();
  const possible = orderActions(order);
  const actions = possible.filter((action) => roleAllows(action, order, allowed));
  /** Sends `change`; `close` shuts the dialog it came from, whatever the answer (a
   * refusal shows below the buttons). */
  const run = (change: OrderUpdate, done: string, close?: () => void) =>
    update.mutate(change, {
      onSuccess: () => {
        close?.();
        toast.success(done);
      },
      onError: () => close?.(),
    });

  if (possible.length > 0 && actions.length === 0) return null;
  return (
    <section aria-labelledby="actions-heading" className="space-y-3 rounded-lg border border-slate-200 p-4 print:hidden">
      <h2 id="actions-heading" className="text-base font-semibold">
        Actions
      </h2>
      {actions.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing more to do: this order is {order.status === 'cancelled' ? 'cancelled' : 'completed'}.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => {
            if (action === 'shipped') return <ShipDialog key={action} order={order} pending={update.isPending} onShip={(note, close) => run({ kind: 'status', status: 'shipped', note }, `Order #${order.number} is shipped`, close)} />;
            if (action === 'cancelled') return <CancelDialog key={action} order={order} pending={update.isPending} onCancel={(note, close) => run({ kind: 'status', status: 'cancelled', note }, `Order #${order.number} is cancelled`, close)} />;
            const { label, done, update: change } = ACTIONS[action];
            return (
              <Button key={action} className="h-11" disabled={update.isPending} onClick={() => run(change, done(order.number))}>
                {label}
              </Button>
            );
          })}
        </div>
      )}
      {update.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(update.error, 'Failed to update the order')}
        </p>
      )}
    </section>
  );
}

/** A note the customer sees on the order's timeline; the server takes up to 500 characters. */
function NoteField({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={MAX_NOTE_CHARS}
        rows={3}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}

function ShipDialog({ order, pending, onShip }: { order: Order; pending: boolean; onShip: (note: string, close: () => void) => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="h-11">Mark shipped</Button>
      </DialogTrigger>
      <DialogContent title={`Ship order #${order.number}?`} description="The customer is e-mailed that the order is on its way.">
        <div className="space-y-4">
          <NoteField label="Tracking note (optional)" hint="Shown to the customer on the order's timeline, for example the carrier and tracking number." value={note} onChange={setNote} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Not yet</Button>
            </DialogClose>
            <Button disabled={pending} onClick={() => onShip(note.trim(), () => setOpen(false))}>
              {pending ? 'Saving...' : 'Mark shipped'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** What cancelling gives back of what a paid order paid: all of it, or what is left after
 * a partial refund; to the card, or recorded as given back by hand for cash and account. */
function cardRefund({ paymentMethod, paymentStatus }: Pick<Order, 'paymentMethod' | 'paymentStatus'>): string {
  const card = paymentMethod === 'card';
  if (paymentStatus === 'paid') return card ? ' The card payment is refunded.' : ' What was paid is recorded as refunded.';
  if (paymentStatus === 'partially_refunded') return card ? ' What is left of the card payment is refunded.' : ' What is left of the payment is recorded as refunded.';
  return '';
}

function CancelDialog({ order, pending, onCancel }: { order: Order; pending: boolean; onCancel: (note: string, close: () => void) => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const refund = cardRefund(order);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 border-red-300 text-red-700 hover:bg-red-50">
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent title={`Cancel order #${order.number}?`} description={`Its items go back in stock and the customer is e-mailed.${refund} This cannot be undone.`}>
        <div className="space-y-4">
          <NoteField label="Reason (optional)" hint="Shown to the customer on the order's timeline." value={note} onChange={setNote} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep order</Button>
            </DialogClose>
            <Button className="bg-red-600 hover:bg-red-700" disabled={pending} onClick={() => onCancel(note.trim(), () => setOpen(false))}>
              {pending ? 'Cancelling...' : 'Yes, cancel order'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
