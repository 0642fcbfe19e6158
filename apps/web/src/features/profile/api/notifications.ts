import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type NotificationSettings } from '@sinetti/contract';
import { call } from '../../../lib/api';

const settingsKey = ['notifications', 'settings'] as const;

/** The member's notification settings (Profile → Notifications). */
export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(api.notifications.settings, { signal }).then((r) => r.settings),
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      call(api.notifications.saveSettings, { body: { settings } }).then(() => settings),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
  });
}
