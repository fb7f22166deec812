import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Where the applied code is kept for the browser tab, so a reload of the cart or
 * checkout keeps it (the server checks it again with every quote and with the order). */
export const PROMO_CODE_STORAGE_KEY = 'promo_code';

interface PromoCodeState {
  /** The code the server took for this cart, as it stores it (uppercased); null for none. */
  code: string | null;
  /** Why the server refused the last code tried, or dropped the applied one; null for nothing to say. */
  refusal: string | null;
  /** The server took `code`: it goes with every quote and with the order. */
  apply: (code: string) => void;
  /** The server refused the code: it is dropped, and `message` says why. */
  refuse: (message: string) => void;
  /** The shopper removed the code, or an order used it. */
  remove: () => void;
}

/** The cart's promo code, shared by the cart and checkout pages. */
export const usePromoCodeStore = create<PromoCodeState>()(
  persist(
    (set) => ({
      code: null,
      refusal: null,
      apply: (code) => set({ code, refusal: null }),
      refuse: (message) => set({ code: null, refusal: message }),
      remove: () => set({ code: null, refusal: null }),
    }),
    { name: PROMO_CODE_STORAGE_KEY, storage: createJSONStorage(() => sessionStorage), partialize: ({ code }) => ({ code }) },
  ),
);
