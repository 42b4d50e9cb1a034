// The host form's banlist, on its first tab (issue 39 §2, decision 037): one of the site's lists by name
// and date, the series' (or a pasted) own list, or 'No banlist' chosen on purpose, which the event page
// then says.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import { parseLflist } from '../../../../domain/banlists/lflist.ts';
import { BanlistInput } from '../../series/banlist-input.tsx';
import { FieldMessage, SelectField } from '../../../components/form-fields.tsx';
import { listLabel } from '../../series/site-banlists.ts';
import { NO_BANLIST, OWN_BANLIST } from './event-banlist.ts';
import type { HostErrors } from './host-form-state.ts';

export const NO_BANLIST_LABEL = 'No banlist (any card, up to three copies)';

export function HostBanlistField({ choice, onChoice, lists, listsFailed, name, text, onName, onText, seriesText, errors }: {
  choice: string;
  onChoice: (choice: string) => void;
  /** the site's format lists, newest first */
  lists: readonly BanlistSummary[];
  listsFailed: boolean;
  name: string;
  text: string;
  onName: (name: string) => void;
  onText: (text: string) => void;
  /** the series' own list, when it holds one: the text the form started from */
  seriesText: string | null;
  errors: HostErrors;
}) {
  const own = useMemo(() => (text.trim() ? parseLflist(text).lists[0] : undefined), [text]);
  const ownLabel = own
    ? `${name.trim() || own.name.trim() || 'Unnamed list'} (${seriesText !== null && text === seriesText ? 'the series’ own list' : 'your own list'})`
    : 'Your own list: paste or upload it';
  const options = [
    ...lists.map((l, i) => ({ value: l.date, label: i === 0 ? `${listLabel(l)} (current)` : listLabel(l) })),
    { value: OWN_BANLIST, label: ownLabel },
    { value: NO_BANLIST, label: NO_BANLIST_LABEL },
  ];
  const site = lists.find((l) => l.date === choice);
  const hint = listsFailed
    ? 'The site’s lists could not be loaded: choose your own list or No banlist, or reload the page.'
    : site
      ? <>Decks are checked against it. <Link to={`/banlist?date=${site.date}`} className="text-primary underline underline-offset-2">See the list</Link></>
      : undefined;

  return (
    <div className="space-y-3" data-testid="host-banlist">
      <SelectField name="banlistDate" label="Banlist" value={choice} onChange={onChoice} options={options} placeholder="Choose a banlist" hint={hint} />
      {errors.banlistDate && <FieldMessage name="banlistDate" error={errors.banlistDate} />}
      {choice === NO_BANLIST && (
        <p className="flex items-start gap-2 rounded-lg border border-limited/50 bg-limited/10 p-3 text-sm" data-testid="no-banlist-note">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-limited-ink" />
          <span>No list: decks are checked for three copies of a card and nothing else. The event page says so.</span>
        </p>
      )}
      {choice === OWN_BANLIST && (
        // the series' list, whole, would fill the tab: open only when there is nothing yet (or a fault)
        <details className="rounded-lg border p-3" open={!own || !!errors.banlist || !!errors.banlistName}>
          <summary className="cursor-pointer rounded text-sm font-medium">
            {own ? `${own.entries.length} cards${own.whitelist ? ' (whitelist)' : ''}: edit, paste or upload the list` : 'Paste or upload the list'}
          </summary>
          <div className="mt-3">
            <BanlistInput name={name} text={text} onName={onName} onText={onText} nameError={errors.banlistName} textError={errors.banlist} pickDate={false} />
          </div>
        </details>
      )}
    </div>
  );
}
