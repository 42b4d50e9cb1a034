import { useEffect, useId, useState } from 'react';
import { BellRing, CircleCheck, Layers, LoaderCircle, Send } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SITE_NAME } from '../../../lib/use-document-title.ts';
import { attentionCount, attentionItems, attentionTitle, discordFailing, tableLabel, type AcceptChoice, type AttentionItem } from './attention-view.ts';
import type { WaitingDeck } from '../../../../domain/tournaments/attention.ts';
import { DeckCheckDialog } from '../decks/deck-check-dialog.tsx';
import { MatchDialog } from '../playing/match-dialog.tsx';
import { flagMessage, resetRound, sideName } from '../playing/match-view.ts';
import { useServerSecond } from '../playing/round-clock.tsx';
import { useTeamFocus } from '../team-focus.ts';
import { failureSentence, ownEntry } from '../tournament-view.ts';
import { useOverrideWinner } from '../playing/play-api.ts';
import { useMatches } from '../tournaments-api.ts';
import { useDiscordChannel, useSendTestMessage } from './host-tools-api.ts';
import { useSuspendedPlayers } from '../../people/people-api.ts';

const ACCEPT_FAILED = 'The result could not be saved.';
const TEST_FAILED = 'The test message could not be queued.';

/**
 * Issue 30 §1: the first thing the host (or an admin) sees on the event page: what needs doing now,
 * with a count on the heading and in the tab's title. Nothing to do: one calm line.
 */
export function AttentionPanel({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const id = useId();
  // before the start: with check-in, or with decks to check by hand (issue 39)
  const live = !t.cancelled && !t.completed && (t.inProgress || t.checkIn || t.manualDeckChecking);
  const playing = live && t.inProgress && t.currentRound > 0;
  const shown = useMatches(t.uid, [t.currentRound], playing);
  const channel = useDiscordChannel(t.uid, live);
  const suspended = useSuspendedPlayers(t.uid, live);
  const now = useServerSecond();
  const [openId, setOpenId] = useState<number | null>(null);
  const items = attentionItems(t, shown.matches, now, suspended.data?.players);
  const count = attentionCount(items, channel.data);
  useAttentionTitle(t.name, live ? count : 0);
  if (!live) return null;
  const open = openId === null ? undefined : shown.matches.find((m) => m.id === openId);

  return (
    <section aria-labelledby={`${id}-h`} className="min-w-0 space-y-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="attention-panel">
      <h2 id={`${id}-h`} className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden="true" className="size-4 text-primary" />
        {count > 0 ? `Needs attention (${count})` : 'Needs attention'}
      </h2>
      {shown.error && <Alert>Failed to load the matches: {shown.error.message}</Alert>}
      {items.length === 0 && !(playing && shown.isPending) && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="attention-none">
          <CircleCheck aria-hidden="true" className="size-4" />
          Nothing needs your attention
        </p>
      )}
      {items.length > 0 && (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={'match' in item ? `${item.kind}-${item.match.id}` : item.kind} className="rounded-lg border p-3" data-testid={`attention-${item.kind}`}>
              <Item tournament={t} item={item} user={user} onOpen={setOpenId} />
            </li>
          ))}
        </ul>
      )}
      {(channel.data?.configured || !!channel.data?.unreachable?.length) && <DiscordLine uid={t.uid} channel={channel.data} />}
      <MatchDialog tournament={t} match={open} user={user} ownTeamUid={ownEntry(t, user.discordId)?.team.uid} resetRound={resetRound(shown.matches)} onClose={() => setOpenId(null)} />
    </section>
  );
}

/**
 * '(3) Event name · Format Hub'. Set after the page's own title effect (a parent's effect runs after
 * its children's), so the count is not overwritten when the panel mounts with the page.
 */
function useAttentionTitle(name: string, count: number) {
  useEffect(() => {
    let on = true;
    queueMicrotask(() => {
      if (on) document.title = `${attentionTitle(name, count)} · ${SITE_NAME}`;
    });
    return () => {
      on = false;
      document.title = `${name} · ${SITE_NAME}`;
    };
  }, [name, count]);
}

function Item({ tournament: t, item, user, onOpen }: { tournament: Tournament; item: AttentionItem; user: CurrentUser; onOpen: (matchId: number) => void }) {
  const focus = useTeamFocus();
  if (item.kind === 'decks') return <DecksItem tournament={t} decks={item.decks} user={user} />;
  if (item.kind === 'suspended') {
    return (
      <p className="text-sm">
        <span className="font-medium text-forbidden-ink">{item.players.length === 1 ? '1 player suspended' : `${item.players.length} players suspended`}</span>
        {' by an admin; their teams are yours to decide: '}
        {item.players.map((p, i) => (
          <span key={p.discordId}>
            {i > 0 && ', '}
            {p.name} (
            <button type="button" className="rounded font-medium text-primary underline-offset-2 hover:underline mobile:py-2" onClick={() => focus.open(p.teamUid)} aria-label={`Open ${p.teamName} in Teams`}>
              {p.teamName}
            </button>
            )
          </span>
        ))}
      </p>
    );
  }
  if (item.kind === 'check-in') {
    return (
      <p className="text-sm">
        <span className="font-medium">{item.teams.length === 1 ? '1 team not checked in' : `${item.teams.length} teams not checked in`}</span>
        {': '}
        {item.teams.map((team, i) => (
          <span key={team.uid}>
            {i > 0 && ', '}
            <button type="button" className="rounded font-medium text-primary underline-offset-2 hover:underline mobile:py-2" onClick={() => focus.open(team.uid)} aria-label={`Open ${team.name} in Teams`}>
              {team.name}
            </button>
          </span>
        ))}
      </p>
    );
  }
  const m = item.match;
  const names = `${sideName(m, 1)} vs ${sideName(m, 2)}`;
  const openButton = (
    <Button variant="secondary" size="sm" className="mobile:h-11" onClick={() => onOpen(m.id)} aria-label={`Open match: ${tableLabel(m)}, ${names}`}>
      Open match
    </Button>
  );
  if (item.kind !== 'dispute') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className="font-medium">{tableLabel(m)}</span> · {names} ·{' '}
          <span className={item.kind === 'past-time' ? 'font-medium text-semi-limited-ink' : 'text-muted-foreground'}>{item.kind === 'past-time' ? 'Past time' : 'Not reported'}</span>
        </p>
        {openButton}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm">
        <span className="font-medium">{tableLabel(m)}</span> · {names} · <span className="font-medium text-forbidden-ink">{flagMessage(m)}</span>
      </p>
      <div className="grid gap-2 min-[480px]:grid-cols-2">
        {([1, 2] as const).map((side) => (
          <p key={side} className="rounded-md bg-muted px-2 py-1 text-sm" data-testid={`attention-report-${side}`}>
            {item.reports[side - 1] ?? `${sideName(m, side)}: no report`}
          </p>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        {item.accepts.map((c) => (
          <AcceptButton key={c.side} uid={t.uid} matchId={m.id} choice={c} />
        ))}
        {openButton}
      </div>
    </div>
  );
}

/** '12 decks to check', and the button that opens them one after another (issue 39). */
function DecksItem({ tournament: t, decks, user }: { tournament: Tournament; decks: WaitingDeck[]; user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const n = decks.length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="min-w-0 text-sm">
        <span className="font-medium">{n === 1 ? '1 deck to check' : `${n} decks to check`}</span>
        <span className="text-muted-foreground">{t.inProgress ? ' · late entries' : ' · manual deck checking is on: approve or reject each before the start'}</span>
      </p>
      <Button variant="secondary" size="sm" className="mobile:h-11" onClick={() => setOpen(true)}>
        <Layers aria-hidden="true" />
        {n === 1 ? 'Check the deck' : `Check the ${n} decks`}
      </Button>
      <DeckCheckDialog tournament={t} decks={decks} reviewerDiscordId={user.discordId} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function AcceptButton({ uid, matchId, choice }: { uid: string; matchId: number; choice: AcceptChoice }) {
  const override = useOverrideWinner(uid);
  return (
    <>
      <Button
        size="sm"
        className="mobile:h-11"
        disabled={override.isPending}
        onClick={() => override.mutate({ matchId, team1Wins: choice.team1Wins, team2Wins: choice.team2Wins, winnerTeamId: choice.winnerTeamId })}
      >
        {override.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {choice.label}
      </Button>
      {override.isError && <Alert className="w-full">{failureSentence(override.error, ACCEPT_FAILED)}</Alert>}
    </>
  );
}

function DiscordLine({ uid, channel: c }: { uid: string; channel: NonNullable<ReturnType<typeof useDiscordChannel>['data']> }) {
  const when = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const failing = discordFailing(c);
  const send = useSendTestMessage(uid);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className={failing ? 'min-w-0 text-sm font-medium text-forbidden-ink' : 'min-w-0 text-sm text-muted-foreground'} data-testid="attention-discord" aria-live="polite">
        Discord: {c.configured && (c.lastDeliveredAt ? `last delivery ${when(c.lastDeliveredAt)}` : 'nothing delivered yet')}
        {c.lastError && ` · last error ${when(c.lastError.at)}: ${c.lastError.message}${c.lastError.final ? ' (given up)' : ''}`}
        {c.waiting > 0 && ` · ${c.waiting} waiting`}
        {c.held > 0 && ` · ${c.held} held`}
        {/* the bot's direct messages Discord refused for good (issue 31): tell these players yourself */}
        {!!c.unreachable?.length && (
          <span data-testid="attention-discord-unreachable">
            {c.configured && ' · '}not reached by direct message: {c.unreachable.map((p) => p.name).join(', ')}
          </span>
        )}
      </p>
      {c.configured && (
        <Button variant="secondary" size="sm" className="mobile:h-11" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          Send a test message
        </Button>
      )}
      {send.isError && <Alert className="w-full">{failureSentence(send.error, TEST_FAILED)}</Alert>}
    </div>
  );
}
