import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** `ids` with the one at `from` swapped with its neighbour at `to`: the whole new order,
 * as the server's order calls take it. */
export function moved(ids: string[], from: number, to: number): string[] {
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** 'Move {name} up' and 'Move {name} down' for the item at `index` of `count`; the first
 * cannot go up nor the last down. */
export function MoveButtons({ name, index, count, disabled, onMove }: { name: string; index: number; count: number; disabled: boolean; onMove: (to: number) => void }) {
  return (
    <>
      <Button variant="ghost" size="touchIcon" aria-label={`Move ${name} up`} disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="touchIcon" aria-label={`Move ${name} down`} disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </Button>
    </>
  );
}
