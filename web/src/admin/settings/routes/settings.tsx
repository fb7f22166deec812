import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useStaleSave } from '@/admin/shared/components/stale-notice';
import { ADMIN_SETTINGS_KEY } from '@/api/query-keys';
import type { SettingsData, ShopSettings } from '@/api/types';
import { useSaveSettings, useSettings } from '../api/settings';
import { SettingsForm } from '../components/settings-form';
import { settingsFormValues } from '../settings-schema';

/** /admin/settings: the shop's currency and where pickup orders are collected. */
export function AdminSettingsPage() {
  const settings = useSettings();
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Settings</h1>
      {settings.isPending ? (
        <LoadingRows label="Loading settings" />
      ) : settings.isError ? (
        <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <EditSettings settings={settings.data} />
      )}
    </div>
  );
}

function EditSettings({ settings }: { settings: ShopSettings }) {
  const save = useSaveSettings();
  const client = useQueryClient();
  const stale = useStaleSave(
    'settings',
    (data) => (data as SettingsData).settings,
    (latest) => client.setQueryData(ADMIN_SETTINGS_KEY, latest),
  );
  return (
    <div className="space-y-4">
      <SettingsForm
        // A fresh form for each saved version, so 'Load the latest' shows it.
        key={settings.version}
        initial={settingsFormValues(settings)}
        version={settings.version}
        save={async (body) => {
          try {
            await save.mutateAsync(body);
          } catch (error) {
            stale.caught(error);
            throw error;
          }
          toast.success('Settings saved');
        }}
      />
      {stale.notice}
    </div>
  );
}
