import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CalendarRange, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import {
  LEAGUE_BEST_OF, LEAGUE_CONFIRM_HOURS_MAX, LEAGUE_CONFIRM_HOURS_MIN, LEAGUE_MATCHES_PER_RUN_MAX, LEAGUE_MATCHES_PER_RUN_MIN,
} from '../../../../domain/api/leagues.ts';
import { DECK_PRIVACIES, DECK_PRIVACY_LABEL, type DeckPrivacy } from '../../../../domain/api/records.ts';
import type { SeriesSummary } from '../../../../domain/api/series.ts';
import {
  ErrorSummary, FieldMessage, SelectField, TextField, describedBy, focusField, inputClasses,
} from '../../../components/form-fields.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequestToHost } from '../../people/request-to-host.tsx';
import { useSeriesSummaries } from '../../series/series-api.ts';
import { listLabel, useSiteBanlists } from '../../series/site-banlists.ts';
import { useCreateLeague } from '../league-writes.ts';
import {
  FIELD_ORDER, LEAGUE_FIELD_LABEL, NO_BANLIST, SERIES_BANLIST, clientErrors, endAfter, initialBanlistChoice, initialState, serverErrors, toBody,
  type LeagueErrors, type LeagueField, type LeagueFormState,
} from './league-form-state.ts';

const TITLE = 'Create a league';
const CREATE_FAILED = 'Failed to create the league. Please try again.';

/** What each deck privacy publishes, for a league: nothing is public before it is final. */
const PRIVACY_HINT: Record<DeckPrivacy, string> = {
  closed: 'Decks are never public.',
  'top-cut': 'The top 8’s decks become public when the league is final.',
  all: 'Every run’s deck becomes public when the league is final.',
};

/** /leagues/new (issue 41): curators and admins create a league of a series (`?series=` from the series' page). */
export function LeagueFormPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const { user, isLoading, login } = useSession();
  const series = useSeriesSummaries();
  const lists = useSiteBanlists();

  let body: ReactNode;
  if (isLoading || series.isPending || lists.isPending) body = <p role="status" className="text-muted-foreground">Loading…</p>;
  else if (!user) body = <SignInPrompt onLogin={login}>You must be logged in to create a league</SignInPrompt>;
  else if (user.auth < 1) body = <RequestToHost />;
  else if (series.isError) body = <Alert>Failed to load the series: {series.error.message}</Alert>;
  else if (series.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
        A league belongs to a series, and there is none yet. <Link to="/series/new" className="font-medium text-primary underline">Create a series</Link> first.
      </p>
    );
  } else {
    const given = series.data.find((s) => s.id === params.get('series'))?.id ?? '';
    body = <LeagueForm series={series.data} seriesId={given} lists={lists.data ?? []} listsFailed={lists.isError} />;
  }

  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-1">
        <Link to="/leagues" className="rounded text-sm font-medium text-primary hover:underline">
          ← Back to leagues
        </Link>
        <h1 className="text-3xl font-bold tracking-tight mobile:text-2xl">{TITLE}</h1>
        <p className="text-muted-foreground">
          Players join at any time with one deck and play their matches against different opponents whenever they find one. The league
          takes its series’ rules, duel settings and deck checks.
        </p>
      </header>
      {body}
    </section>
  );
}

/** One tab for the whole form: the error summary's links need one. */
const TAB_OF = Object.fromEntries(FIELD_ORDER.map((f) => [f, 'main'])) as Record<LeagueField, 'main'>;

function LeagueForm({ series, seriesId, lists, listsFailed }: {
  series: readonly SeriesSummary[];
  seriesId: string;
  lists: readonly BanlistSummary[];
  listsFailed: boolean;
}) {
  const navigate = useNavigate();
  const create = useCreateLeague();
  const [state, setState] = useState<LeagueFormState>(() => {
    const s = initialState(seriesId, new Date());
    return { ...s, banlistChoice: seriesId ? initialBanlistChoice(series.find((x) => x.id === seriesId), lists) : '' };
  });
  const [errors, setErrors] = useState<LeagueErrors>({});
  const [formError, setFormError] = useState<ReactNode>();
  const chosen = series.find((s) => s.id === state.seriesId);

  const set = <K extends keyof LeagueFormState>(key: K, field: LeagueField | null = key as LeagueField) => (value: LeagueFormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    if (field) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const show = (next: LeagueErrors, sentence: ReactNode = 'Please fix the highlighted fields.') => {
    setErrors(next);
    setFormError(sentence);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) focusField(first);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const local = clientErrors(state, new Date());
    if (Object.keys(local).length) return show(local);
    create.mutate(toBody(state), {
      onSuccess: (league) => void navigate(`/leagues/${encodeURIComponent(league.id)}`),
      onError: (err) => {
        const status = (err as { status?: number }).status ?? 0;
        const { fields, form } = status === 400 || status === 404 ? serverErrors(err.message) : { fields: {}, form: undefined };
        if (Object.keys(fields).length) return show(fields, form);
        setErrors({});
        setFormError(
          <>
            <p className="font-medium">{CREATE_FAILED}</p>
            {status >= 400 && status < 500 && err.message && <p className="mt-1">{err.message}</p>}
          </>,
        );
      },
    });
  }

  const seriesOptions = series.map((s) => ({ value: s.id, label: s.name }));
  const banlistOptions = [
    ...(chosen?.banlistName ? [{ value: SERIES_BANLIST, label: `${chosen.banlistName} (the series’ own list)` }] : []),
    ...lists.map((l, i) => ({ value: l.date, label: i === 0 ? `${listLabel(l)} (current)` : listLabel(l) })),
    { value: NO_BANLIST, label: 'No banlist (any card, up to three copies)' },
  ];
  const site = lists.find((l) => l.date === state.banlistChoice);

  return (
    <form onSubmit={submit} noValidate aria-label="Create a league" className="space-y-5">
      <ErrorSummary formError={formError} errors={errors} labels={LEAGUE_FIELD_LABEL} tabOf={TAB_OF} showTab={() => {}} />
      <div className="space-y-5 rounded-xl border bg-card p-5 shadow-sm mobile:p-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <SelectField
              name="seriesId"
              label={LEAGUE_FIELD_LABEL.seriesId}
              value={state.seriesId}
              onChange={(id) => {
                set('seriesId')(id);
                // a new series: its own list, unless a choice was made that it still offers
                setState((s) => ({ ...s, banlistChoice: s.banlistChoice && s.banlistChoice !== SERIES_BANLIST ? s.banlistChoice : initialBanlistChoice(series.find((x) => x.id === id), lists) }));
              }}
              options={seriesOptions}
              placeholder="Choose a series"
              hint="Its rules, duel settings and deck checks, as they are now."
            />
            <FieldMessage name="seriesId" error={errors.seriesId} />
          </div>
          <TextField name="name" label={LEAGUE_FIELD_LABEL.name} value={state.name} onChange={set('name')} error={errors.name} />
        </div>

        <div className="space-y-1">
          <SelectField
            name="banlistDate"
            label={LEAGUE_FIELD_LABEL.banlistDate}
            value={state.banlistChoice}
            onChange={set('banlistChoice', 'banlistDate')}
            options={banlistOptions}
            placeholder="Choose a banlist"
            hint={
              listsFailed
                ? 'The site’s lists could not be loaded: choose the series’ list or No banlist, or reload the page.'
                : site
                  ? <>Every run’s deck is checked against it, for the whole league. <Link to={`/banlist?date=${site.date}`} className="text-primary underline underline-offset-2">See the list</Link></>
                  : 'Every run’s deck is checked against it, for the whole league.'
            }
          />
          <FieldMessage name="banlistDate" error={errors.banlistDate} />
          {state.banlistChoice === NO_BANLIST && (
            <p className="flex items-start gap-2 rounded-lg border border-limited/50 bg-limited/10 p-3 text-sm" data-testid="no-banlist-note">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-limited-ink" />
              <span>No list: decks are checked for three copies of a card and the series’ deck sizes, nothing else.</span>
            </p>
          )}
        </div>

        <fieldset className="space-y-3">
          <legend className="flex items-center gap-1.5 text-sm font-semibold">
            <CalendarRange aria-hidden="true" className="size-4 text-primary" />
            When it runs
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <DateTimeField
              name="startsAt"
              value={state.startsAt}
              onChange={(v) => {
                setState((s) => ({ ...s, startsAt: v, endsAt: s.endTouched ? s.endsAt : endAfter(v) || s.endsAt }));
                setErrors((e) => ({ ...e, startsAt: undefined, endsAt: state.endTouched ? e.endsAt : undefined }));
              }}
              hint="Runs and the queue open then."
              error={errors.startsAt}
            />
            <DateTimeField
              name="endsAt"
              value={state.endsAt}
              onChange={(v) => {
                setState((s) => ({ ...s, endsAt: v, endTouched: true }));
                setErrors((e) => ({ ...e, endsAt: undefined }));
              }}
              hint={state.endTouched ? 'The queue closes then; the hosts have a day to decide what is left.' : 'A calendar month after the start, unless you change it.'}
              error={errors.endsAt}
            />
          </div>
          <p className="text-xs text-muted-foreground">Times are in your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone || 'your clock'}); everyone sees them in theirs.</p>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="matchesPerRun" label={LEAGUE_FIELD_LABEL.matchesPerRun} value={state.matchesPerRun} onChange={set('matchesPerRun')} inputMode="numeric"
            error={errors.matchesPerRun} hint={`${LEAGUE_MATCHES_PER_RUN_MIN} to ${LEAGUE_MATCHES_PER_RUN_MAX}, each a best of ${LEAGUE_BEST_OF}, against different opponents.`}
          />
          <TextField
            name="confirmHours" label={LEAGUE_FIELD_LABEL.confirmHours} value={state.confirmHours} onChange={set('confirmHours')} inputMode="numeric"
            error={errors.confirmHours} hint={`${LEAGUE_CONFIRM_HOURS_MIN} to ${LEAGUE_CONFIRM_HOURS_MAX}: a report not answered by then stands.`}
          />
          <div className="space-y-1">
            <SelectField
              name="deckPrivacy"
              label={LEAGUE_FIELD_LABEL.deckPrivacy}
              value={state.deckPrivacy}
              onChange={(v) => set('deckPrivacy')(v as DeckPrivacy)}
              options={DECK_PRIVACIES.map((p) => ({ value: p, label: DECK_PRIVACY_LABEL[p] }))}
              hint={PRIVACY_HINT[state.deckPrivacy]}
            />
            <FieldMessage name="deckPrivacy" error={errors.deckPrivacy} />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 mobile:flex-col-reverse mobile:[&>*]:w-full">
        <Link to="/leagues" className={buttonClasses('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Create league
        </Button>
      </div>
    </form>
  );
}

/** A datetime-local input on the viewer's own clock. */
function DateTimeField({ name, value, onChange, hint, error }: { name: LeagueField; value: string; onChange: (v: string) => void; hint: string; error?: string }) {
  const aria = describedBy(name, hint, error);
  return (
    <div className="space-y-1.5">
      <label htmlFor={aria.id} className="block text-sm font-medium">
        {LEAGUE_FIELD_LABEL[name]}
      </label>
      <input {...aria} type="datetime-local" value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClasses(!!error), 'h-10 tabular-nums')} />
      <FieldMessage name={name} hint={hint} error={error} />
    </div>
  );
}
