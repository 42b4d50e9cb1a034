// What a signed interaction asks for (issue 38 §2). The signature proves Discord sent it, not that
// its shape is what the bot expects: every field the bot reads is checked here, and anything else
// becomes a sentence for the user (naming the option at fault), never an error of the server.
import { ApplicationCommandOptionType, ApplicationCommandType, InteractionType } from 'discord-api-types/v10';
import { isCommandName, optionOf, optionsOf, subcommandsOf, type CommandName } from './commands.ts';
import { escapeMarkdown } from './markdown.ts';

export interface InteractionUser {
  id: string;
  username: string;
  global_name: string | null;
  discriminator?: string;
  avatar?: string | null;
}

/** An attachment as the interaction's resolved data describes it (its bytes are fetched from the CDN). */
export interface AttachedFile { url: string; filename: string; size: number }

/** What every interaction to act on carries: its id, who sent it, and where a late answer goes (its own webhook). */
interface Envelope { id: string; user: InteractionUser; applicationId: string; token: string }

export type Interaction =
  | { kind: 'ping' }
  | (Envelope & {
    kind: 'command'; name: CommandName;
    /** the subcommand chosen, for a command that has them (/league join) */
    subcommand?: string;
    options: Partial<Record<string, string>>; files: Partial<Record<string, AttachedFile>>;
  })
  | (Envelope & { kind: 'autocomplete'; name: string; focused: { name: string; value: string } | undefined })
  | (Envelope & { kind: 'button'; customId: string })
  /** nothing to act on: the user is told why (autocomplete: no choices) */
  | { kind: 'refused'; sentence: string; autocomplete: boolean; user?: InteractionUser };

export const UNREADABLE = 'This interaction could not be read: nothing changed.';
export const NO_USER = 'This interaction names no user.';
export const NO_DATA = 'This command came without its data: nothing changed.';
export const ONLY_SLASH = 'Only slash commands are handled.';
export const BAD_BUTTON = 'This button could not be read: nothing changed.';
export const NOT_HANDLED = 'This kind of interaction is not handled.';

const SNOWFLAKE = /^\d{1,20}$/;
/** An interaction's token: it goes into the path of its late answer */
const TOKEN = /^[\w.-]{1,1000}$/;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.length <= max ? v : undefined);
/** A name from the payload, safe to quote. */
const named = (v: unknown) => escapeMarkdown(typeof v === 'string' ? v.slice(0, 32) : String(v ?? '?').slice(0, 32));

function userOf(body: Obj): InteractionUser | undefined {
  const raw = isObj(body.member) ? body.member.user : body.user;
  if (!isObj(raw)) return undefined;
  const id = str(raw.id, 20);
  const username = str(raw.username, 64);
  if (!id || !SNOWFLAKE.test(id) || !username) return undefined;
  return {
    id, username,
    global_name: str(raw.global_name, 64) ?? null,
    ...(typeof raw.discriminator === 'string' && { discriminator: raw.discriminator.slice(0, 8) }),
    ...(typeof raw.avatar === 'string' && { avatar: raw.avatar.slice(0, 64) }),
  };
}

export function readInteraction(body: unknown): Interaction {
  if (!isObj(body) || typeof body.type !== 'number') return { kind: 'refused', sentence: UNREADABLE, autocomplete: false };
  if (body.type === InteractionType.Ping) return { kind: 'ping' };
  const autocomplete = body.type === InteractionType.ApplicationCommandAutocomplete;
  const id = str(body.id, 20);
  const applicationId = str(body.application_id, 20);
  const token = str(body.token, 1000);
  if (!id || !SNOWFLAKE.test(id) || !applicationId || !SNOWFLAKE.test(applicationId) || !token || !TOKEN.test(token)) return { kind: 'refused', sentence: UNREADABLE, autocomplete };
  const user = userOf(body);
  if (!user) return { kind: 'refused', sentence: NO_USER, autocomplete };
  const refuse = (sentence: string): Interaction => ({ kind: 'refused', sentence, autocomplete, user });
  const envelope: Envelope = { id, user, applicationId, token };
  const data = body.data;
  switch (body.type) {
    case InteractionType.ApplicationCommand: {
      if (!isObj(data)) return refuse(NO_DATA);
      if (data.type !== undefined && data.type !== ApplicationCommandType.ChatInput) return refuse(ONLY_SLASH);
      if (typeof data.name !== 'string' || !isCommandName(data.name)) return refuse(`Unknown command /${named(data.name)}`);
      const read = readOptions(data.name, data);
      return typeof read === 'string' ? refuse(read) : { ...envelope, kind: 'command', name: data.name, ...read };
    }
    case InteractionType.ApplicationCommandAutocomplete: {
      if (!isObj(data) || typeof data.name !== 'string') return refuse(NO_DATA);
      const top = Array.isArray(data.options) ? data.options : [];
      // a subcommand's options are nested in it (/league find league:…)
      const sub = top.length === 1 && isObj(top[0]) && top[0].type === ApplicationCommandOptionType.Subcommand && Array.isArray(top[0].options) ? top[0].options : undefined;
      const options: unknown[] = sub ?? top;
      const focused = options.find((o): o is Obj => isObj(o) && o.focused === true);
      const value = focused && focused.type === ApplicationCommandOptionType.String ? str(focused.value, 6000) : undefined;
      return { ...envelope, kind: 'autocomplete', name: data.name, focused: value !== undefined && typeof focused!.name === 'string' ? { name: focused!.name, value } : undefined };
    }
    case InteractionType.MessageComponent: {
      const customId = isObj(data) ? str(data.custom_id, 100) : undefined;
      return customId ? { ...envelope, kind: 'button', customId } : refuse(BAD_BUTTON);
    }
    default:
      return refuse(NOT_HANDLED);
  }
}

const WORDS: Partial<Record<ApplicationCommandOptionType, string>> = {
  [ApplicationCommandOptionType.String]: 'text',
  [ApplicationCommandOptionType.Attachment]: 'a file',
};

type ReadOptions = { subcommand?: string; options: Partial<Record<string, string>>; files: Partial<Record<string, AttachedFile>> };

/**
 * A command's options as text values and files, or the sentence that names the first option at
 * fault. A command with subcommands takes exactly one of them, its options nested in it.
 */
function readOptions(command: CommandName, data: Obj): ReadOptions | string {
  const unreadable = `The options of /${command} could not be read: nothing changed.`;
  if (data.options !== undefined && !Array.isArray(data.options)) return unreadable;
  const subs = subcommandsOf(command);
  if (subs.length === 0) return readFlat(command, data, (data.options ?? []) as unknown[], undefined);
  const given = (data.options ?? []) as unknown[];
  const names = subs.map((s) => s.name).join(', ');
  if (given.length !== 1) return `/${command}: choose one of ${names}`;
  const chosen = given[0];
  if (!isObj(chosen) || typeof chosen.name !== 'string') return unreadable;
  if (chosen.type !== ApplicationCommandOptionType.Subcommand || !subs.some((s) => s.name === chosen.name)) return `/${command} ${named(chosen.name)}: choose one of ${names}`;
  if (chosen.options !== undefined && !Array.isArray(chosen.options)) return unreadable;
  const read = readFlat(command, data, (chosen.options ?? []) as unknown[], chosen.name);
  return typeof read === 'string' ? read : { ...read, subcommand: chosen.name };
}

function readFlat(command: CommandName, data: Obj, given: unknown[], sub: string | undefined): ReadOptions | string {
  const where = sub === undefined ? `/${command}` : `/${command} ${sub}`;
  const options: Record<string, string> = {};
  const files: Record<string, AttachedFile> = {};
  for (const raw of given) {
    if (!isObj(raw) || typeof raw.name !== 'string') return `The options of /${command} could not be read: nothing changed.`;
    const def = optionOf(command, raw.name, sub);
    if (!def) return `${named(raw.name)}: not an option of ${where}`;
    if (raw.name in options || raw.name in files) return `${def.name}: given twice`;
    const word = WORDS[def.type] ?? 'text';
    if (raw.type !== def.type || typeof raw.value !== 'string') return `${def.name}: must be ${word}`;
    if (def.type === ApplicationCommandOptionType.Attachment) {
      const file = attachmentOf(data, raw.value);
      if (!file) return `${def.name}: the file did not arrive: attach it again`;
      files[def.name] = file;
      continue;
    }
    const max = 'max_length' in def && def.max_length ? def.max_length : 6000;
    if (raw.value.length > max) return `${def.name}: at most ${max} characters`;
    const allowed = 'choices' in def && def.choices ? def.choices.map((c) => String(c.value)) : undefined;
    if (allowed && !allowed.includes(raw.value)) return `${def.name}: must be ${allowed.join(' or ')}`;
    options[def.name] = raw.value;
  }
  const missing = optionsOf(command, sub).find((o) => o.required && !(o.name in options) && !(o.name in files));
  if (missing) return `${missing.name}: required`;
  return { options, files };
}

/** The attachment `id` of the interaction's resolved data, when it has the fields the bot reads. */
function attachmentOf(data: Obj, id: string): AttachedFile | undefined {
  const resolved = isObj(data.resolved) && isObj(data.resolved.attachments) ? data.resolved.attachments : undefined;
  const file = resolved && Object.hasOwn(resolved, id) ? resolved[id] : undefined;
  if (!isObj(file)) return undefined;
  const url = str(file.url, 2048);
  const filename = str(file.filename, 256);
  const size = typeof file.size === 'number' && Number.isFinite(file.size) && file.size >= 0 ? file.size : undefined;
  return url && filename && size !== undefined ? { url, filename, size } : undefined;
}
