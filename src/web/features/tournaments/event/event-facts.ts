// The event's plan in the details panel (issue 19's settings as players read them): how many Swiss
// rounds and what top cut (before the start, for the teams signed up so far when the host left the
// rule to decide), how long a round lasts, and how long sign-ups stay open as late entries.
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { swissRoundsOf, topCutOf } from '../../../../domain/tournaments/engine/round-count.ts';

export interface EventFact {
  label: string;
  value: string;
  testId: string;
}

const minutes = (m: number) => (m > 0 ? `${m} minutes` : 'Untimed');

export function eventFacts(
  t: Pick<Tournament, 'format' | 'inProgress' | 'completed' | 'cancelled' | 'topCut' | 'swissRounds' | 'roundMinutes' | 'topCutRoundMinutes' | 'lateEntryRounds'>,
  activeTeams: number,
): EventFact[] {
  if (t.completed || t.cancelled) return [];
  const swiss = t.format === 'DEFAULT';
  const before = !t.inProgress;
  const facts: EventFact[] = [];
  // the rule's numbers follow the field until the start, which fixes them
  const forField = (chosen: number | null) => (chosen === null ? ` (for ${activeTeams} team${activeTeams === 1 ? '' : 's'} so far)` : '');
  const cut = swiss && before ? topCutOf(activeTeams, t) : t.topCut;
  if (swiss && before) {
    facts.push({ label: 'Swiss rounds', value: `${swissRoundsOf(activeTeams, t)}${forField(t.swissRounds)}`, testId: 'plan-swiss-rounds' });
    facts.push({ label: 'Top cut', value: `${cut ? `Top ${cut}` : 'None'}${forField(t.topCut)}`, testId: 'plan-top-cut' });
  }
  facts.push({ label: 'Round time', value: minutes(t.roundMinutes), testId: 'plan-round-time' });
  // a cut the event has or may have (after the start with the rule's cut, the banner's round count tells)
  if (swiss && cut !== 0) facts.push({ label: 'Top cut rounds', value: minutes(t.topCutRoundMinutes), testId: 'plan-top-cut-time' });
  if (swiss && before && t.lateEntryRounds > 0) facts.push({ label: 'Late entry', value: `Through round ${t.lateEntryRounds}`, testId: 'plan-late-entry' });
  return facts;
}
