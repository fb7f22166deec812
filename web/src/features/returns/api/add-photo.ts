import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { returnKey } from '../returns';
import type { Return } from './types';

/** Adds one photo to the return (multipart, field `photo`): 'Photo added' with the return.
 * Refusals: 409 (5 already, or the return has moved past approved), 413 (over 10 MB),
 * 415 (not JPEG, PNG, GIF or WebP), 422 (unreadable). */
export function addReturnPhoto(id: string, token: string | null, photo: File): Promise<Return> {
  const form = new FormData();
  form.append('photo', photo);
  return apiCall<{ return: Return }>('POST', `/return/${encodeURIComponent(id)}/photo`, form, {
    query: { token },
    fallbackMessage: 'Failed to add the photo',
  }).then(({ data }) => data.return);
}

export function useAddReturnPhoto(id: string, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => addReturnPhoto(id, token, photo),
    onSuccess: (updated) => client.setQueryData(returnKey(id, token), updated),
    // Refused because the return moved on: show where it stands now.
    onError: () => void client.invalidateQueries({ queryKey: returnKey(id, token) }),
  });
}
