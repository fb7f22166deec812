import { useParams, useSearchParams } from 'react-router';
import { OrderPage } from '@/features/orders';
import { OrderReturns } from '@/features/returns';
import { useDocumentTitle } from '@/lib/page-title';

/** /orders/{number}?token=…: the page the order mails link to, which works signed out,
 * and checkout's confirmation (`placed`), which lives in the address so a reload keeps
 * it. Without a token, a signed-in owner's bearer opens it. */
export function Component() {
  const { number = '' } = useParams();
  useDocumentTitle(`Order #${number}`);
  const [search] = useSearchParams();
  const token = search.get('token');
  return <OrderPage number={number} token={token} placed={search.has('placed')} extra={(order) => <OrderReturns order={order} token={token} />} />;
}
