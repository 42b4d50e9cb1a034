// The settings dialog's banlist (issue 30 §8, decision 030): one of the site's lists by date, or none,
// until the start; the server checks the decks already submitted against the new one.
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { FieldMessage, SelectField } from '../../../components/form-fields.tsx';
import { listLabel } from '../../series/site-banlists.ts';
import { OWN_BANLIST, NO_BANLIST } from './event-banlist.ts';

export function EventBanlistField({ tournament: t, lists, value, onChange, error, locked }: {
  tournament: Pick<Tournament, 'banlistName' | 'hasBanlist'>;
  lists: readonly BanlistSummary[] | undefined;
  value: string;
  onChange: (choice: string) => void;
  error?: string;
  /** why it cannot change now (the event has started), or null */
  locked: string | null;
}) {
  const options = [
    ...(value === OWN_BANLIST ? [{ value: OWN_BANLIST, label: `${t.banlistName ?? 'Unnamed list'} (this event’s own list)` }] : []),
    ...(lists ?? []).map((l) => ({ value: l.date, label: listLabel(l) })),
    { value: NO_BANLIST, label: 'No banlist (any card up to three copies)' },
  ];
  const hint = locked ?? 'Decks already submitted are checked again: a deck the new list refuses is rejected, with the cards named.';
  return (
    <div data-testid="event-banlist" className={locked ? 'opacity-70' : undefined}>
      <SelectField name="banlistDate" label="Banlist" value={value} onChange={onChange} options={options} disabled={!!locked} hint={hint} />
      {error && <FieldMessage name="banlistDate" error={error} />}
    </div>
  );
}
