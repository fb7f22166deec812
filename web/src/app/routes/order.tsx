import { useParams, useSearchParams } from 'react-router';
import { OrderPage } from '@/features/orders';
import { useDocumentTitle } from '@/lib/page-title';

/** /orders/{number}?token=…: the page the order mails link to, which works signed out,
 * and checkout's confirmation (`placed`), which lives in the address so a reload keeps
 * it. Without a token, a signed-in owner's bearer opens it. */
export function Component() {
  const { number = '' } = useParams();
  useDocumentTitle(`Order #${number}`);
  const [search] = useSearchParams();
  return <OrderPage number={number} token={search.get('token')} placed={search.has('placed')} />;
}
