import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPut } from '@/admin/shared/api/admin-call';
import { ADMIN_PAGES_KEY } from '@/api/query-keys';
import type { Page, PageData, PageRequest } from '@/api/types';

/** PUT /admin/page/{slug} `{title, body, version}`: 'Page saved'; 400 with `errors.title` /
 * `errors.body`; 404 'Page not found'; 409 when saved since `version`, with `{page}` as it is. */
export const savePage = (slug: string, body: PageRequest): Promise<Page> =>
  adminPut<PageData>(`/admin/page/${encodeURIComponent(slug)}`, body, 'Failed to save the page').then((data) => data.page);

/** Puts `page` in the console's list of pages, in its place. */
export function putPage(pages: Page[] | undefined, page: Page): Page[] | undefined {
  return pages?.map((one) => (one.slug === page.slug ? page : one));
}

export function useSavePage(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PageRequest) => savePage(slug, body),
    onSuccess: (page) => client.setQueryData<Page[]>(ADMIN_PAGES_KEY, (pages) => putPage(pages, page)),
  });
}
