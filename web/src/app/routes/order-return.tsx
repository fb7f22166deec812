import { useParams, useSearchParams } from 'react-router';
import { ReturnRequestPage } from '@/features/returns';
import { useDocumentTitle } from '@/lib/page-title';

/** /orders/{number}/return?token=…: asking to return items of a completed order, from
 * its page (a guest keeps the order link's token; a signed-in owner needs none). */
export function Component() {
  const { number = '' } = useParams();
  useDocumentTitle(`Return items from order #${number}`);
  const [search] = useSearchParams();
  return <ReturnRequestPage number={number} token={search.get('token')} />;
}
