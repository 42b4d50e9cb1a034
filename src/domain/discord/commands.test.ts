import { ApplicationCommandOptionType, ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import { expect, test } from 'vitest';
import { COMMAND_DEFINITIONS, COMMAND_NAMES, LEAGUE_SUBCOMMANDS, optionOf, optionsOf, subcommandsOf, type CommandName } from './commands.ts';

test('every command is a guild install, usable in a server and in a DM with the bot: contexts, not dm_permission', () => {
  expect(COMMAND_DEFINITIONS.map((c) => c.name)).toEqual([...COMMAND_NAMES]);
  for (const c of COMMAND_DEFINITIONS) {
    expect(c).toMatchObject({ integration_types: [ApplicationIntegrationType.GuildInstall], contexts: [InteractionContextType.Guild, InteractionContextType.BotDM] });
    expect(c).not.toHaveProperty('dm_permission');
  }
});

test('/league has its six subcommands, each with the league option, autocompleted; Discord’s limits hold', () => {
  expect(subcommandsOf('league').map((s) => s.name)).toEqual([...LEAGUE_SUBCOMMANDS]);
  for (const sub of LEAGUE_SUBCOMMANDS) {
    expect(optionOf('league', 'league', sub)).toMatchObject({ type: ApplicationCommandOptionType.String, autocomplete: true, required: false });
  }
  expect(optionsOf('league', 'join').map((o) => o.name)).toEqual(['file', 'ydke', 'league']);
  expect(optionsOf('league')).toEqual([]);
  expect(subcommandsOf('deck')).toEqual([]);
  const all = COMMAND_DEFINITIONS.flatMap((c) => [c, ...(c.options ?? []), ...subcommandsOf(c.name as CommandName).flatMap((s) => s.options ?? [])]);
  for (const o of all) {
    expect(o.name).toMatch(/^[a-z]{1,32}$/);
    expect(o.description.length).toBeLessThanOrEqual(100);
  }
});
