// The bot's slash commands: the names and options are fixed (issue 31), so that outside checks can
// drive them. One module for `npm run cli -- discord register` and the reading of what Discord sends.
// Commands are installed with the server (guild install) and used there or in a DM with the bot:
// `contexts` and `integration_types`, which replace `dm_permission` in Discord's documentation.
import {
  ApplicationCommandOptionType, ApplicationCommandType, ApplicationIntegrationType, InteractionContextType,
  type APIApplicationCommandBasicOption as Option,
  type APIApplicationCommandSubcommandOption as Subcommand,
  type RESTPostAPIChatInputApplicationCommandsJSONBody as CommandBody,
} from 'discord-api-types/v10';

export const COMMAND_NAMES = ['events', 'signup', 'deck', 'checkin', 'drop', 'table', 'report', 'standings', 'card', 'round', 'notifications', 'league'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** Text an option may hold (Discord's own limit on a string option is 6,000). */
export const OPTION_TEXT_MAX = 100;

const eventOption: Option = {
  type: ApplicationCommandOptionType.String, name: 'event', autocomplete: true, required: false, max_length: OPTION_TEXT_MAX,
  description: 'The event (default: the one you play in now or next)',
};
/** /league's subcommands (issue 41): each takes the `league` option; `join` a deck too. */
export const LEAGUE_SUBCOMMANDS = ['join', 'find', 'cancel', 'report', 'standings', 'retire'] as const;
export type LeagueSubcommand = (typeof LEAGUE_SUBCOMMANDS)[number];

const leagueOption: Option = {
  type: ApplicationCommandOptionType.String, name: 'league', autocomplete: true, required: false, max_length: OPTION_TEXT_MAX,
  description: 'The league (default: the one running now)',
};
const subcommand = (name: LeagueSubcommand, description: string, options: Option[] = []): Subcommand => ({
  type: ApplicationCommandOptionType.Subcommand, name, description, options: [...options, leagueOption],
});

const command = (name: CommandName, description: string, options: Option[] | Subcommand[] = []): CommandBody => ({
  type: ApplicationCommandType.ChatInput, name, description, options,
  integration_types: [ApplicationIntegrationType.GuildInstall],
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
});

/** What the bulk overwrite sends: every command, in the order the issue lists them. */
export const COMMAND_DEFINITIONS: CommandBody[] = [
  command('events', 'Upcoming and running events, with links'),
  command('signup', 'Sign up for an event', [
    eventOption,
    { type: ApplicationCommandOptionType.String, name: 'team', description: 'Your team name', required: false, max_length: OPTION_TEXT_MAX },
  ]),
  command('deck', 'Submit your deck: a .ydk file or a ydke:// text', [
    eventOption,
    { type: ApplicationCommandOptionType.Attachment, name: 'file', description: 'Your .ydk file', required: false },
    // a ydke:// text of a full deck is about 500 characters
    { type: ApplicationCommandOptionType.String, name: 'ydke', description: 'Your deck as a ydke:// text', required: false, max_length: 2000 },
  ]),
  command('checkin', 'Check in while check-in is open', [eventOption]),
  command('drop', 'Drop from an event (asks you to confirm)', [eventOption]),
  command('table', 'Your table: round, opponent, room name and password, time left', [eventOption]),
  command('report', 'Report the result of your match', [eventOption]),
  command('standings', 'The top 8 and your place', [eventOption]),
  command('card', 'A card’s status on the current list', [
    { type: ApplicationCommandOptionType.String, name: 'name', description: 'The card', required: true, autocomplete: true, max_length: OPTION_TEXT_MAX },
    eventOption,
  ]),
  command('round', 'For the host: start the next round', [
    { type: ApplicationCommandOptionType.String, name: 'action', description: 'What to do', required: true, choices: [{ name: 'next', value: 'next' }] },
    eventOption,
  ]),
  command('notifications', 'Turn the bot’s direct messages on or off', [
    { type: ApplicationCommandOptionType.String, name: 'state', description: 'on or off', required: true, choices: [{ name: 'on', value: 'on' }, { name: 'off', value: 'off' }] },
  ]),
  command('league', 'The league: join with a deck, find a match, report, standings', [
    subcommand('join', 'Start a run with a deck: a .ydk file or a ydke:// text', [
      { type: ApplicationCommandOptionType.Attachment, name: 'file', description: 'Your .ydk file', required: false },
      // a ydke:// text of a full deck is about 500 characters
      { type: ApplicationCommandOptionType.String, name: 'ydke', description: 'Your deck as a ydke:// text', required: false, max_length: 2000 },
    ]),
    subcommand('find', 'Find a match: paired with the first player waiting, else wait 15 minutes'),
    subcommand('cancel', 'Leave the queue'),
    subcommand('report', 'Report the result of your league match'),
    subcommand('standings', 'The leaderboard’s top 8 and your place'),
    subcommand('retire', 'End your run between matches (asks you to confirm)'),
  ]),
];

export const isCommandName = (name: string): name is CommandName => (COMMAND_NAMES as readonly string[]).includes(name);

const definitionOf = (name: CommandName) => COMMAND_DEFINITIONS.find((c) => c.name === name);

/** The subcommands of a command (none: its options are its own). */
export function subcommandsOf(name: CommandName): Subcommand[] {
  return (definitionOf(name)?.options ?? []).filter((o): o is Subcommand => o.type === ApplicationCommandOptionType.Subcommand);
}

/** The options a command (or one of its subcommands) takes. */
export function optionsOf(name: CommandName, sub?: string): Option[] {
  const options = sub === undefined ? definitionOf(name)?.options : subcommandsOf(name).find((s) => s.name === sub)?.options;
  return (options ?? []).filter((o): o is Option => o.type !== ApplicationCommandOptionType.Subcommand && o.type !== ApplicationCommandOptionType.SubcommandGroup);
}

/** The definition of a command's option (or a subcommand's), by name. */
export function optionOf(name: CommandName, option: string, sub?: string): Option | undefined {
  return optionsOf(name, sub).find((o) => o.name === option);
}
