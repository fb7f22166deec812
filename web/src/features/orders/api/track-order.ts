import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { TrackOrderRequest } from './types';

/** Asks for the order's link to be mailed to the address it was placed with. The answer
 * is the same sentence whether or not such an order exists. */
export const trackOrder = (request: TrackOrderRequest) =>
  apiCall<null>('POST', '/order/track', request, { fallbackMessage: 'Failed to send the order link' }).then(({ message }) => message);

export const useTrackOrder = () => useMutation({ mutationFn: trackOrder });
