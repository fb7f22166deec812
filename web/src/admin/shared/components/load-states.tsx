import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Grey bars while a console page's data loads, announced by `label` ('Loading orders'). */
export function LoadingRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** A load that failed, in the server's words, and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3">
      <p className="text-red-600">{error.message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
