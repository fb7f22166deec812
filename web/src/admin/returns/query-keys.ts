// The console's returns in the query cache. Kept here rather than in api/query-keys.ts:
// no page of the shop shows what these keys hold.

/** Every cached page of the returns table: a move of any return marks them all stale. */
export const ADMIN_RETURNS_KEY = ['admin', 'returns'] as const;
export const adminReturnsKey = <Query>(query: Query) => [...ADMIN_RETURNS_KEY, query] as const;

/** One return as the console shows it. */
export const adminReturnKey = (id: string) => ['admin', 'return', id] as const;
