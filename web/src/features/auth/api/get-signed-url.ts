import { useQuery } from '@tanstack/react-query';
import { signedUrlKey } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';

/** A signed URL for the signed-in user's private photo (15 minutes). A value that is
 * already a URL is used as it is. */
export const getSignedUrl = (path: string): Promise<string> => apiGet<string>('/auth/signed-url', { path, type: 'private' });

export function useSignedPhoto(photo: string | null | undefined) {
  const isPath = Boolean(photo) && !/^(https?:|blob:|data:)/.test(photo!);
  const signed = useQuery({
    queryKey: signedUrlKey(photo),
    queryFn: () => getSignedUrl(photo!),
    enabled: isPath,
    // Refreshed well before the 15 minutes run out.
    staleTime: 10 * 60_000,
  });
  return isPath ? signed.data : (photo ?? undefined);
}
