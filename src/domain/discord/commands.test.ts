import { ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import { expect, test } from 'vitest';
import { COMMAND_DEFINITIONS, COMMAND_NAMES } from './commands.ts';

test('every command is a guild install, usable in a server and in a DM with the bot: contexts, not dm_permission', () => {
  expect(COMMAND_DEFINITIONS.map((c) => c.name)).toEqual([...COMMAND_NAMES]);
  for (const c of COMMAND_DEFINITIONS) {
    expect(c).toMatchObject({ integration_types: [ApplicationIntegrationType.GuildInstall], contexts: [InteractionContextType.Guild, InteractionContextType.BotDM] });
    expect(c).not.toHaveProperty('dm_permission');
  }
});
