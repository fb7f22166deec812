import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPut } from '@/admin/shared/api/admin-call';
import { ADMIN_SETTINGS_KEY } from '@/api/query-keys';
import type { SettingsData, SettingsRequest, ShopSettings } from '@/api/types';
import { setShopCurrency } from '@/lib/format';

/** GET /admin/settings: the shop's currency and pickup point, with their version. */
export const getSettings = (): Promise<ShopSettings> => adminGet<SettingsData>('/admin/settings', undefined, 'Failed to load the settings').then((data) => data.settings);

export const useSettings = () => useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: getSettings, staleTime: 0 });

/** PUT /admin/settings: 'Settings saved'; 400 with `errors` (`currency`, `pickup.name`, …);
 * 409 with `{settings}` as they now are when they were saved since the form loaded. */
export const saveSettings = (body: SettingsRequest): Promise<ShopSettings> =>
  adminPut<SettingsData>('/admin/settings', body, 'Failed to save the settings').then((data) => data.settings);

/** Saving also switches the console's own amounts to the saved currency. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) => {
      setShopCurrency(settings.currency ?? null);
      client.setQueryData(ADMIN_SETTINGS_KEY, settings);
    },
  });
}
