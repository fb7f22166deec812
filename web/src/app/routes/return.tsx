import { useParams, useSearchParams } from 'react-router';
import { ReturnPage } from '@/features/returns';

/** /returns/{id}?token=…: one return, for its shopper (the bearer) or whoever has the
 * order link's token. */
export function Component() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return <ReturnPage id={id} token={search.get('token')} />;
}
