// Which event settings (issue 19, decision 016) may still change, and when. Before the start every
// one; once the event has started the ones the running event depends on are fixed, and the clocks
// and the webhook stay the host's to change (the running round's clock follows at once); once it is
// over, none. Shared by the server (PATCH .../settings) and the settings dialog.
export const EVENT_SETTING_FIELDS = [
  'startsAt', 'checkIn', 'topCut', 'swissRounds', 'roundMinutes', 'topCutRoundMinutes', 'lateEntryRounds', 'discordWebhookUrl',
  'deckPrivacy', 'seedByRating', 'banlistDate',
] as const;
export type EventSettingField = (typeof EVENT_SETTING_FIELDS)[number];

export type EventSettingValues = {
  startsAt: string | null;
  checkIn: boolean;
  topCut: number | null;
  swissRounds: number | null;
  roundMinutes: number;
  topCutRoundMinutes: number;
  lateEntryRounds: number;
  discordWebhookUrl: string | null;
  deckPrivacy: 'closed' | 'top-cut' | 'all';
  seedByRating: boolean;
  /**
   * The site's list the event holds, by date (as the host form's `banlistDate`); null: no list. An
   * event holding a list that is not the site's (pasted or uploaded) has a value no date equals.
   */
  banlistDate: string | null;
};

export type EventStage = 'before' | 'running' | 'over';

export function eventStage(t: { inProgress: boolean; completed: boolean; cancelled: boolean; closed: boolean }): EventStage {
  if (t.completed || t.cancelled || t.closed) return 'over';
  return t.inProgress ? 'running' : 'before';
}

/** Fields fixed once the event has started, with the sentence that says why. */
const FIXED_AT_START: Partial<Record<EventSettingField, string>> = {
  startsAt: 'the start time cannot change once the event has started',
  checkIn: 'check-in cannot be turned on or off once the event has started',
  topCut: 'the top cut is fixed once the event has started (roundCount counts it)',
  swissRounds: 'the Swiss rounds are fixed once the event has started (roundCount counts them)',
  deckPrivacy: 'deck privacy is fixed once the event has started: players signed up knowing it',
  seedByRating: 'round 1 was paired at the start',
  banlistDate: 'the banlist is fixed once the event has started: the decks were checked against it',
};

/** Whether the field can be edited at this stage (the dialog disables the others). */
export function settingEditable(field: EventSettingField, stage: EventStage): boolean {
  if (stage === 'over') return false;
  return stage === 'before' || !(field in FIXED_AT_START);
}

/**
 * Why these changes are refused at this stage ('field: sentence' for each field that cannot change
 * now; a field sent with its current value is no change). Empty: they can be stored.
 */
export function settingsProblems(stage: EventStage, current: EventSettingValues, changes: Partial<EventSettingValues>): string[] {
  const changed = (Object.keys(changes) as EventSettingField[]).filter((f) => changes[f] !== undefined && changes[f] !== current[f]);
  if (stage === 'before' || changed.length === 0) return [];
  if (stage === 'over') return ['The tournament is over: its settings no longer change'];
  const problems: string[] = [];
  for (const f of changed) {
    const fixed = FIXED_AT_START[f];
    if (fixed) problems.push(`${f}: ${fixed}`);
  }
  if (changes.lateEntryRounds !== undefined && changes.lateEntryRounds > current.lateEntryRounds) {
    problems.push('lateEntryRounds: late entry can only be shortened once the event has started');
  }
  return problems;
}
