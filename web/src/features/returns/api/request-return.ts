import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { orderReturnsViewsKey, returnKey } from '../returns';
import { addReturnPhoto } from './add-photo';
import type { Return, ReturnRequest } from './types';

/** Asks to return lines of the order (201 'Return requested'). Refusals: 409 (not
 * completed, the window closed), 422 with `errors` by `variantId` (more than can be
 * returned), 400 with `errors` by field (`lines[i].reason`, `note`…). */
export const requestReturn = (number: string, token: string | null, request: ReturnRequest) =>
  apiCall<{ return: Return }>('POST', `/order/${encodeURIComponent(number)}/return`, request, {
    query: { token },
    fallbackMessage: 'Failed to request the return',
  }).then(({ data }) => data.return);

/** The return asked for, with the photos that made it, and how many did not. */
export interface RequestedReturn {
  return: Return;
  photosFailed: number;
}

/** Asks for the return, then adds each photo, one a call; a photo that fails does not
 * undo the return (its page says some could not be added). */
export function useRequestReturn(number: string, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, photos }: { request: ReturnRequest; photos: File[] }): Promise<RequestedReturn> => {
      let requested = await requestReturn(number, token, request);
      let photosFailed = 0;
      for (const photo of photos) {
        try {
          requested = await addReturnPhoto(requested._id, token, photo);
        } catch {
          photosFailed += 1;
        }
      }
      return { return: requested, photosFailed };
    },
    onSuccess: ({ return: requested }) => {
      client.setQueryData(returnKey(requested._id, token), requested);
      void client.invalidateQueries({ queryKey: orderReturnsViewsKey(number) });
    },
    // Refused because what can be returned changed: show what can be now.
    onError: () => void client.invalidateQueries({ queryKey: orderReturnsViewsKey(number) }),
  });
}
