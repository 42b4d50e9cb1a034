// GET and PUT /api/discord/notifications: whether the Discord bot may send the signed-in user direct
// messages (issue 31). Shared by the route, the bot's /notifications and the settings page.
import { z } from 'zod';

export const notificationsBodySchema = z.object(
  { directMessages: z.boolean({ error: 'directMessages: must be true or false' }) },
  // only for a body that is no object: an unknown field keeps zod's sentence, which names it
  { error: (issue) => (issue.code === 'invalid_type' ? 'The body must be a JSON object' : undefined) },
).strict();
export const notificationsReplySchema = z.object({ directMessages: z.boolean() });
export type DiscordNotifications = z.infer<typeof notificationsReplySchema>;
