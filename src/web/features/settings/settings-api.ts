// The signed-in user's own settings: for now whether the Discord bot may send them direct messages
// (issue 31), the same setting as `/notifications` in Discord.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordNotifications } from '../../../domain/api/discord-notifications.ts';
import { api } from '../../lib/api.ts';

// by user, so that another account signed in later never sees this one's answer
export const settingsKeys = {
  all: ['settings'] as const,
  discordNotifications: (discordId: string) => [...settingsKeys.all, discordId, 'discord-notifications'] as const,
};

export function useDiscordNotifications(discordId: string) {
  return useQuery({
    queryKey: settingsKeys.discordNotifications(discordId),
    queryFn: ({ signal }) => api.get<DiscordNotifications>('/discord/notifications', { signal }),
  });
}

/** The switch moves at once; a refusal puts it back (and the page says why). */
export function useSetDiscordNotifications(discordId: string) {
  const queryClient = useQueryClient();
  const key = settingsKeys.discordNotifications(discordId);
  return useMutation({
    mutationFn: (directMessages: boolean) => api.put<DiscordNotifications>('/discord/notifications', { directMessages }),
    onMutate: async (directMessages) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DiscordNotifications>(key);
      queryClient.setQueryData<DiscordNotifications>(key, { directMessages });
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onError: (_error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
