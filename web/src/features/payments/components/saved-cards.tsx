import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentMethods } from '../api/get-payment-methods';
import { primaryFirst } from '../cards';
import { SavedCardItem } from './saved-card-item';

/** The signed-in shopper's saved cards, primary first. */
export function SavedCards({ userId }: { userId: string }) {
  const cards = usePaymentMethods(userId);
  if (cards.isPending) {
    return (
      <div role="status" aria-label="Loading saved cards" className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (cards.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{cards.error.message}</p>
        <Button variant="outline" onClick={() => void cards.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (cards.data.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No saved cards yet</p>;
  return (
    <ul aria-label="Saved cards" className="grid gap-4 sm:grid-cols-2">
      {primaryFirst(cards.data).map((card) => (
        <SavedCardItem key={card._id} card={card} />
      ))}
    </ul>
  );
}
