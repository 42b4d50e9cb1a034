// The bot's slash commands: the names and options are fixed (issue 31), so that outside checks can
// drive them. One module for `npm run cli -- discord register` and the handlers.
import {
  ApplicationCommandOptionType, ApplicationCommandType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody as CommandBody,
  type APIApplicationCommandBasicOption as Option,
} from 'discord-api-types/v10';

export const COMMAND_NAMES = ['events', 'signup', 'deck', 'checkin', 'drop', 'table', 'report', 'standings', 'card', 'round', 'notifications'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

const eventOption: Option = {
  type: ApplicationCommandOptionType.String, name: 'event', autocomplete: true, required: false, max_length: 100,
  description: 'The event (default: the one you play in now or next)',
};
const command = (name: CommandName, description: string, options: Option[] = []): CommandBody => ({
  type: ApplicationCommandType.ChatInput, name, description, options, dm_permission: true,
});

/** What the bulk overwrite sends: every command, in the order the issue lists them. */
export const COMMAND_DEFINITIONS: CommandBody[] = [
  command('events', 'Upcoming and running events, with links'),
  command('signup', 'Sign up for an event', [
    eventOption,
    { type: ApplicationCommandOptionType.String, name: 'team', description: 'Your team name', required: false, max_length: 100 },
  ]),
  command('deck', 'Submit your deck: a .ydk file or a ydke:// text', [
    eventOption,
    { type: ApplicationCommandOptionType.Attachment, name: 'file', description: 'Your .ydk file', required: false },
    { type: ApplicationCommandOptionType.String, name: 'ydke', description: 'Your deck as a ydke:// text', required: false },
  ]),
  command('checkin', 'Check in while check-in is open', [eventOption]),
  command('drop', 'Drop from an event (asks you to confirm)', [eventOption]),
  command('table', 'Your table: round, opponent, room name and password, time left', [eventOption]),
  command('report', 'Report the result of your match', [eventOption]),
  command('standings', 'The top 8 and your place', [eventOption]),
  command('card', 'A card’s status on the current list', [
    { type: ApplicationCommandOptionType.String, name: 'name', description: 'The card', required: true, autocomplete: true, max_length: 100 },
    eventOption,
  ]),
  command('round', 'For the host: start the next round', [
    { type: ApplicationCommandOptionType.String, name: 'action', description: 'What to do', required: true, choices: [{ name: 'next', value: 'next' }] },
    eventOption,
  ]),
  command('notifications', 'Turn the bot’s direct messages on or off', [
    { type: ApplicationCommandOptionType.String, name: 'state', description: 'on or off', required: true, choices: [{ name: 'on', value: 'on' }, { name: 'off', value: 'off' }] },
  ]),
];
