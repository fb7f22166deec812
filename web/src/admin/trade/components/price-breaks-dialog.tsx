import { useState } from 'react';
import { Labelled, selectClass } from '@/admin/shared/components/filter-controls';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import type { AudienceBreaks } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { useCustomerGroups } from '../api/customer-groups';
import { usePriceBreaks } from '../api/price-breaks';
import { AudienceBreaksForm } from './audience-breaks-form';

/** 'Price breaks' for a saved variant: a dialog with its quantity breaks for everyone and
 * for each customer group that has its own, each audience saved on its own. Nothing loads
 * until it is opened. */
export function PriceBreaksButton({ variantId, sku }: { variantId: string; sku: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="h-10" aria-label={`Price breaks for ${sku}`}>
          Price breaks
        </Button>
      </DialogTrigger>
      <DialogContent title={`Price breaks for ${sku}`} description="From so many units in one line, each unit costs less. Where a group’s breaks and everyone’s both apply, the lower price wins." className="max-w-2xl">
        <PriceBreaksEditor variantId={variantId} />
      </DialogContent>
    </Dialog>
  );
}

/** Everyone's breaks first (even with none), then each group's that has some, then those
 * added here and not yet saved; a group without breaks is added from the select. */
function PriceBreaksEditor({ variantId }: { variantId: string }) {
  const breaks = usePriceBreaks(variantId);
  const groups = useCustomerGroups();
  const [added, setAdded] = useState<string[]>([]);
  const [choice, setChoice] = useState('');
  if (breaks.isPending) return <LoadingRows label="Loading price breaks" rows={2} />;
  if (breaks.isError) return <LoadFailed error={breaks.error} onRetry={() => void breaks.refetch()} />;

  const saved = new Map(breaks.data.map((audience: AudienceBreaks) => [audience.groupId ?? null, audience.breaks]));
  const audiences = [null, ...[...saved.keys()].filter((groupId) => groupId !== null), ...added.filter((groupId) => !saved.has(groupId))];
  const nameOf = (groupId: string | null) => (groupId === null ? 'Everyone' : (groups.data?.find((group) => group._id === groupId)?.name ?? 'A group the shop no longer has'));
  const addable = groups.data?.filter((group) => !audiences.includes(group._id)) ?? [];

  return (
    <div className="space-y-4">
      {audiences.map((groupId) => {
        const initial = saved.get(groupId) ?? [];
        return <AudienceBreaksForm key={`${groupId ?? 'everyone'} ${JSON.stringify(initial)}`} variantId={variantId} groupId={groupId} name={nameOf(groupId)} initial={initial} />;
      })}
      {groups.isError && <LoadFailed error={groups.error} onRetry={() => void groups.refetch()} />}
      {addable.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-[12rem] flex-1">
            <Labelled label="Breaks for a customer group">
              {(id) => (
                <select id={id} value={choice} onChange={(event) => setChoice(event.target.value)} className={selectClass}>
                  <option value="">Choose a group</option>
                  {addable.map((group) => (
                    <option key={group._id} value={group._id}>
                      {group.name}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
          </div>
          <Button
            type="button"
            variant="outline"
            className="h-11 md:h-9"
            disabled={choice === ''}
            onClick={() => {
              setAdded((before) => [...before, choice]);
              setChoice('');
            }}
          >
            Add group
          </Button>
        </div>
      )}
    </div>
  );
}
