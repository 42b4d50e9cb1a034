import { useState, type ReactNode } from 'react';
import { CalendarClock, Cpu, Download, LoaderCircle, Trophy } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { toHex } from '../../../../domain/series/rules.ts';
import { FORMAT_LABEL } from '../../../../domain/tournaments/formats.ts';
import { displayState } from '../../../../domain/tournaments/display-state.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { PlayerLink } from '../../../components/player-link.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { RatedBadge } from '../../../components/rated-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CoverImage } from '../../../components/ui/fallback-image.tsx';
import { BANLIST_FAILED, failureSentence, iterationSuffix } from '../tournament-view.ts';
import { downloadFile } from '../tournaments-api.ts';
import { RuleBadges } from '../../series/rule-badges.tsx';
import { formatStart } from '../starts-at.ts';
import { eventFacts } from './event-facts.ts';
import { AddToCalendarLink } from '../print/export-links.tsx';
import { ShareButton } from './share-button.tsx';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
export const NO_BANLIST_FACT = 'None: any card, up to three copies';
const openClosed = (b: boolean) => (b ? 'Open' : 'Closed');

/** Spec 2 §2 left panel, its top: cover, name, iteration, subtitle, description, host and rules badge. */
export function TournamentHeader({ tournament: t }: { tournament: Tournament }) {
  const state = t.cancelled ? 'Cancelled' : displayState(t);
  return (
    <div className="space-y-4">
      <div className="aspect-[16/9] overflow-hidden rounded-xl border bg-muted mobile:aspect-[3/1]">
        <CoverImage src={t.imageUri} alt={`${t.name} cover`} gradient="wide" icon={<Trophy aria-hidden="true" className="size-12 text-primary/70" />} />
      </div>

      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={state === 'Live' ? 'live' : state === 'Upcoming' ? 'primary' : 'neutral'} data-testid="tournament-state">
            {state}
          </Badge>
          <Badge tone="primary" data-testid="rules-badge" title="Rules preset">
            {t.preset}
          </Badge>
          <RatedBadge rated={t.rated} />
          {/* chosen on purpose when hosting (issue 39 §2): players learn it before they build a deck */}
          {!t.hasBanlist && (
            <Badge tone="limited" data-testid="no-banlist-badge">
              No banlist
            </Badge>
          )}
        </div>
        <h1 className="text-2xl leading-tight font-bold tracking-tight break-words">
          {t.name}
          {iterationSuffix(t) && (
            <span className="ml-2 font-semibold text-muted-foreground" data-testid="iteration">
              {iterationSuffix(t)}
            </span>
          )}
        </h1>
        {t.subtitle && <p className="font-medium text-muted-foreground">{t.subtitle}</p>}
        {t.startsAt && (
          <p className="flex items-center gap-1.5 text-sm font-medium" data-testid="starts-at">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span>
              Starts <time dateTime={t.startsAt}>{formatStart(t.startsAt)}</time>
            </span>
          </p>
        )}
        {!t.cancelled && <ShareButton tournament={t} />}
      </header>

      {t.description && <p className="text-sm whitespace-pre-line">{t.description}</p>}

      <div className="flex items-center gap-3 rounded-lg border bg-card p-3">
        <Avatar src={t.host.avatarUrl} name={t.host.displayName || 'Unknown User'} className="size-9" />
        <div className="min-w-0 text-sm">
          <p className="text-xs text-muted-foreground">Hosted by</p>
          <p className="truncate font-medium" data-testid="host-name">
            <PlayerLink discordId={t.host.discordId} name={t.host.displayName || 'Unknown User'} />
          </p>
        </div>
      </div>
    </div>
  );
}

/** Spec 2 §2 left panel, below: format, best-of, the rules in numbers, the banlist file and the EDOPro room. */
export function TournamentDetails({ tournament: t }: { tournament: Tournament }) {
  // after Close the teams are gone: the count the final standings keep
  const teams = t.closed ? t.teamCount : t.teams.filter((team) => !team.dropped).length;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <Fact label="Format" testId="format-label">
          {FORMAT_LABEL[t.format]}
        </Fact>
        <Fact label="Best of" testId="best-of">
          {t.bestOf}
        </Fact>
        <Fact label="Teams" testId="team-count-fact">
          {teams}
          {t.closed && <span className="font-normal text-muted-foreground"> (closed: final standings kept)</span>}
        </Fact>
        <Fact label="Sign-ups" testId="signups-state">
          {t.lateEntryOpen ? `Late entry through round ${t.lateEntryRounds}` : openClosed(t.signupsOpen && !t.inProgress && !t.completed)}
        </Fact>
        <Fact label="Deck submission" testId="deck-submission-state">
          {/* from Start decks are fixed (issue 29); a late entry submits until it is first paired */}
          {t.inProgress ? (t.lateEntryOpen ? 'Fixed; late entries until paired' : 'Fixed') : openClosed(t.deckSubmissionOpen && !t.completed)}
        </Fact>
        {eventFacts(t, teams).map((f) => (
          <Fact key={f.testId} label={f.label} testId={f.testId}>
            {f.value}
          </Fact>
        ))}
        <Fact label="Decks per player">{t.decksAllowedPerPlayer}</Fact>
        <Fact label="Manual deck check">{yesNo(t.manualDeckChecking)}</Fact>
        <Fact label="Banlist" testId="banlist-fact">
          {t.banlistName ?? (t.hasBanlist ? 'Unnamed list' : NO_BANLIST_FACT)}
        </Fact>
        <Fact label="Main Deck">
          {t.minMainDeckSize} – {t.maxMainDeckSize}
        </Fact>
        <Fact label="Extra Deck">
          {t.minExtraDeckSize} – {t.maxExtraDeckSize}
        </Fact>
        <Fact label="Side Deck">
          {t.minSideDeckSize} – {t.maxSideDeckSize}
        </Fact>
        <Fact label="Players per team">
          {t.playersTeam1} vs {t.playersTeam2}
        </Fact>
        <Fact label="Starting LP">{t.startingLp}</Fact>
        <Fact label="Starting hand">{t.startingHand}</Fact>
        <Fact label="Cards per draw">{t.cardsPerDraw}</Fact>
      </dl>

      <AddToCalendarLink tournament={t} />
      {t.hasBanlist && <BanlistDownload tournament={t} />}

      {t.ruleOptions.length + t.cardTypeFilters.length > 0 && (
        <details className="group rounded-lg border bg-card p-3 text-sm">
          <summary className="cursor-pointer rounded font-medium">
            Rules & filters ({t.ruleOptions.length + t.cardTypeFilters.length})
          </summary>
          <RuleBadges ruleOptions={t.ruleOptions} cardTypeFilters={t.cardTypeFilters} className="mt-2 gap-1.5" />
        </details>
      )}

      <RoomSettings tournament={t} />
    </div>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

function BanlistDownload({ tournament: t }: { tournament: Tournament }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  async function download() {
    setBusy(true);
    setFailed(undefined);
    try {
      await downloadFile(t.uid, '/banlist', `${t.banlistName ?? t.name}.lflist.conf`);
    } catch (e) {
      setFailed(failureSentence(e, BANLIST_FAILED));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" onClick={() => void download()} disabled={busy}>
        {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        Download banlist
      </Button>
      {failed && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failed}
        </p>
      )}
    </div>
  );
}

/** The numbers a host types into an EDOPro room (as on the series page). */
function RoomSettings({ tournament: t }: { tournament: Tournament }) {
  const rules = BigInt(t.duelFlags);
  const room = BigInt(t.roomDuelFlags);
  return (
    <section aria-labelledby="room-settings" className="space-y-2 rounded-lg border bg-card p-3" data-testid="edopro-numbers">
      <h2 id="room-settings" className="flex items-center gap-2 text-sm font-semibold">
        <Cpu aria-hidden="true" className="size-4 text-primary" />
        EDOPro Room Settings
      </h2>
      <dl className="space-y-1.5 text-sm">
        <RoomNumber label="Duel flags" testId="duel-flags" value={rules} />
        {room !== rules && <RoomNumber label="Duel flags with room options" testId="room-duel-flags" value={room} />}
        <RoomNumber label="Forbidden types" testId="forbidden-types" value={t.forbiddenTypes} />
      </dl>
    </section>
  );
}

function RoomNumber({ label, value, testId }: { label: string; value: bigint | number; testId: string }) {
  return (
    <div className="rounded-md bg-muted px-2.5 py-1.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd data-testid={testId} className="font-mono text-xs break-all">
        <span className="font-semibold">{toHex(value)}</span>
        <span className="text-muted-foreground"> · {value.toString()}</span>
      </dd>
    </div>
  );
}
