// Discord waits 3 s for an interaction's answer. A command that is not done by DEFER_AFTER_MS is
// answered "thinking…" (deferred) and finished with a call on the interaction's webhook once done.
import { InteractionResponseType, MessageFlags, type APIInteractionResponse } from 'discord-api-types/v10';
import type { LateTarget } from './discord-rest.ts';

export const DEFER_AFTER_MS = 2_000;
const LATE = Symbol('late');

export interface Deferrable extends LateTarget { kind: 'command' | 'button' | 'autocomplete' }

/** How a late answer reaches Discord: the deferred message edited, or a follow-up message. */
export type FinishLate = (target: LateTarget, how: 'edit' | 'follow-up', response: APIInteractionResponse) => Promise<void>;

export interface InTimeOptions {
  afterMs?: number;
  /** the command's answer is for the user alone (decided before the work is done) */
  ephemeral: boolean;
  finish: FinishLate;
  onLateError: (e: unknown) => void;
}

/** The answer when it comes in time; else a deferred answer, the work finished through `finish`. */
export async function answerInTime(interaction: Deferrable, work: Promise<APIInteractionResponse>, o: InTimeOptions): Promise<APIInteractionResponse> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), o.afterMs ?? DEFER_AFTER_MS)));
  const first = await Promise.race([work, late]);
  clearTimeout(timer);
  if (first !== LATE) return first;
  // autocomplete cannot be deferred: no choices this time (the next keystroke asks again)
  if (interaction.kind === 'autocomplete') return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } };
  const button = interaction.kind === 'button';
  work.then(
    // a button's answer that updates its message edits it; a new message (a refusal) follows up
    (response) => o.finish(interaction, button && response.type !== InteractionResponseType.UpdateMessage ? 'follow-up' : 'edit', response),
  ).catch(o.onLateError);
  if (button) return { type: InteractionResponseType.DeferredMessageUpdate };
  return { type: InteractionResponseType.DeferredChannelMessageWithSource, ...(o.ephemeral && { data: { flags: MessageFlags.Ephemeral } }) };
}
