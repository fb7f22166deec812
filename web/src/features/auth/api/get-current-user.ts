import type { User } from '@/api/types';
import { apiGet } from '@/lib/api-client';

export const getCurrentUser = () => apiGet<{ user: User }>('/auth/user').then((data) => data.user);
