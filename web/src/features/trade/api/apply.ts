import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall } from '@/lib/api-client';
import { tradeApplicationKey } from '@/api/query-keys';
import type { TradeApplication, TradeApplicationRequest } from './types';

/** POST /trade/application: answers with the open application and the server's sentence
 * ('Application sent'). Refusals: 400 with `errors` keyed as the request's fields
 * (`address.postcode`), 409 'Your application is being reviewed' or 'You already have a
 * trade account'. */
export const applyForTrade = (request: TradeApplicationRequest) =>
  apiCall<{ application: TradeApplication }>('POST', '/trade/application', request, { fallbackMessage: 'Failed to send the application' }).then(
    ({ data, message }) => ({ application: data.application, message }),
  );

/** Applies; the page then shows the open application at once. A 409 means the page is out
 * of date (applied or approved elsewhere): it asks again. */
export function useApplyForTrade(userId: string | null) {
  const client = useQueryClient();
  const key = tradeApplicationKey(userId);
  return useMutation({
    mutationFn: applyForTrade,
    onSuccess: ({ application }) => client.setQueryData(key, application),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: key });
    },
  });
}
