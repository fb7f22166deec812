import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { User } from '@/api/types';
import { setTokenSource } from '@/lib/api-client';

/** The signed-in shopper, kept in the browser under 'auth-storage' (spec §3, §9); in the
 * console (admin.html), the administrator, under 'console-auth-storage'. */
interface AuthState {
  user: User | null;
  accessToken: string | null;
  isAuthenticated: boolean;
  /** Set during each auth action; never persisted. */
  isLoading: boolean;
  signIn: (user: User, accessToken: string) => void;
  setUser: (user: User) => void;
  signOut: () => void;
  /** Runs an auth action with the loading flag set until it settles. */
  track: <T>(action: Promise<T>) => Promise<T>;
}

export const AUTH_STORAGE_KEY = 'auth-storage';
/** The console's own sign-in (docs/DESIGN.md §15): an administrator signing in there never
 * becomes a shopper in the shop, nor a shopper's session an administrator's. */
export const CONSOLE_AUTH_STORAGE_KEY = 'console-auth-storage';

/** The key this document keeps its session under: admin.html marks itself the console. */
const storageKey = () => (typeof document !== 'undefined' && document.documentElement.dataset.document === 'console' ? CONSOLE_AUTH_STORAGE_KEY : AUTH_STORAGE_KEY);

export const useAuth = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      accessToken: null,
      isAuthenticated: false,
      isLoading: false,
      signIn: (user, accessToken) => set({ user, accessToken, isAuthenticated: true }),
      setUser: (user) => set({ user }),
      signOut: () => set({ user: null, accessToken: null, isAuthenticated: false }),
      track: async (action) => {
        set({ isLoading: true });
        try {
          return await action;
        } finally {
          set({ isLoading: false });
        }
      },
    }),
    {
      name: storageKey(),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, accessToken, isAuthenticated }) => ({ user, accessToken, isAuthenticated }),
    },
  ),
);

// Every request carries the stored token (spec §7).
setTokenSource(() => useAuth.getState().accessToken);

/** The signed-in shopper's id, or null for a guest. */
export const useSignedInUserId = () => useAuth((state) => (state.isAuthenticated ? (state.user?._id ?? null) : null));
