import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPut } from '@/admin/shared/api/admin-call';
import { SEARCH_SYNONYMS_KEY } from '@/api/query-keys';
import type { SearchSynonyms, SynonymGroup } from '@/api/types';

/** GET /admin/search/synonyms: every group and the list's version. */
export const getSearchSynonyms = () => adminGet<SearchSynonyms>('/admin/search/synonyms', undefined, 'Failed to load the search synonyms');

export const useSearchSynonyms = () => useQuery({ queryKey: SEARCH_SYNONYMS_KEY, queryFn: getSearchSynonyms, staleTime: 0 });

/** PUT /admin/search/synonyms with every group and the version loaded: 'Search synonyms
 * saved'; 400 with `errors` keyed by place (`synonyms[3].terms[1]`); 409 with the list
 * as it now is when someone saved it since. */
export const saveSearchSynonyms = (body: { synonyms: SynonymGroup[]; version: number }) =>
  adminPut<SearchSynonyms>('/admin/search/synonyms', body, 'Failed to save the search synonyms');

export function useSaveSearchSynonyms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSearchSynonyms,
    onSuccess: (saved) => client.setQueryData(SEARCH_SYNONYMS_KEY, saved),
  });
}
