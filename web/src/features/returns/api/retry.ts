import { ApiError } from '@/lib/api-client';

/** Tries a failed load once more, unless the server has answered (a 4xx: not found, not
 * allowed), which asking again would not change. */
export const retryUnlessAnswered = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
