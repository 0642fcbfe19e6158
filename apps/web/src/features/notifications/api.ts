import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sinetti/contract';
import { call } from '../../lib/api';

/** How often the navigation's unread count is asked again while the app is open. */
const UNREAD_POLL_MS = 60_000;

export const notificationKeys = { all: ['notifications'] as const };

/** The navigation's unread count: on load, every minute, and when a notification is read. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationKeys.all, 'unread'],
    queryFn: ({ signal }) => call(api.notifications.unread, { signal }),
    refetchInterval: UNREAD_POLL_MS,
    enabled,
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: [...notificationKeys.all, 'list'],
    queryFn: ({ pageParam, signal }) =>
      call(api.notifications.list, { query: pageParam ? { before: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? (last.notifications.at(-1)?.id ?? null) : null),
  });
}

/** Marks one notification read (by id) or all of them ('all'); the list and the count follow. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      id === 'all' ? call(api.notifications.readAll) : call(api.notifications.read, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
