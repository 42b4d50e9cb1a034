import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { LoaderCircle, Trophy } from 'lucide-react';
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import type { Series } from '../../../../domain/api/series.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { FORMAT_LABEL, TOURNAMENT_FORMATS, type TournamentFormat } from '../../../../domain/tournaments/formats.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CoverImage } from '../../../components/ui/fallback-image.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RequestToHost } from '../../people/request-to-host.tsx';
import { useSeries } from '../../series/series-api.ts';
import { ErrorMarkedTabs, ErrorSummary, SelectField, TextField, Toggle, useTabbedForm } from '../../../components/form-fields.tsx';
import { useSiteBanlists } from '../../series/site-banlists.ts';
import {
  HOST_FIELD_LABEL, HOST_FIELD_TAB, HOST_TABS, banlistErrors, defaultHostState, firstHostErrorTab, hostClientErrors, hostServerErrors,
  hostStateFromSeries, initialBanlistChoice, toHostBody, type HostFormState, type HostTabId,
} from './host-form-state.ts';
import { EventFields } from './event-fields.tsx';
import { HostBanlistField } from './host-banlist-field.tsx';
import { useHostTournament, useTournaments } from '../tournaments-api.ts';
import { DeckSizeLimits, RulesFiltersFields } from '../../series/series-fields.tsx';
import { SignInPrompt } from '../../../components/sign-in-prompt.tsx';

const TITLE = 'Host a Tournament';
export const HOST_FAILED = 'Failed to host tournament. Please try again.';

/** Spec 2 §2 /tournaments/host/{seriesId}: the host form, filled from the series; /tournaments/new: the same form with the §5 defaults. */
export function HostTournamentPage() {
  const { id } = useParams();
  useDocumentTitle(TITLE);
  const { user, isLoading, login } = useSession();
  const series = useSeries(id);
  // what the form starts from: the lists to preselect one, and the series' held events to number the new one
  const lists = useSiteBanlists();
  const events = useTournaments();

  let body: ReactNode;
  if (isLoading || (id && series.isPending) || lists.isPending || (id && events.isPending)) {
    body = <p role="status" className="text-muted-foreground">Loading…</p>;
  } else if (!user) {
    body = <SignInPrompt onLogin={login}>You must be logged in to host a tournament</SignInPrompt>;
  } else if (user.auth < 1) {
    body = <RequestToHost />;
  } else if (id && series.isError) {
    body = <Alert>{(series.error as { status?: number }).status === 404 ? 'Series not found' : 'Failed to load series'}</Alert>;
  } else {
    // a failed list of events only costs the suggested number: the server numbers the event all the same
    const held = (events.data ?? []).filter((t) => t.seriesUid === id).map((t) => t.iteration);
    body = <HostForm key={series.data?.id ?? 'none'} series={series.data} user={user} lists={lists.data} listsFailed={lists.isError} held={held} />;
  }

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-1">
        <Link to={id ? '/series' : '/tournaments'} className="rounded text-sm font-medium text-primary hover:underline">
          {id ? '← Back to series' : '← Back to tournaments'}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight mobile:text-2xl">{TITLE}</h1>
        {series.data && (
          <p className="text-muted-foreground">
            From the series <span className="font-medium text-foreground">{series.data.name}</span>: every setting is copied and
            can be changed here.
          </p>
        )}
      </header>
      {body}
    </section>
  );
}

const FORMAT_OPTIONS = TOURNAMENT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f] }));

function HostForm({ series, user, lists, listsFailed, held }: {
  series?: Series; user: CurrentUser; lists: readonly BanlistSummary[] | undefined; listsFailed: boolean; held: readonly (number | null)[];
}) {
  const navigate = useNavigate();
  const host = useHostTournament();
  const { state, setState, tab, setTab, errors, setErrors, formError, setFormError, showErrors, errorTabs, set, num, flag } = useTabbedForm({
    initial: (): HostFormState => ({
      ...(series ? hostStateFromSeries(series, held) : defaultHostState()),
      banlistChoice: initialBanlistChoice(series, lists),
    }),
    firstTab: 'basic' as HostTabId,
    labels: HOST_FIELD_LABEL,
    tabOf: HOST_FIELD_TAB,
    firstErrorTab: firstHostErrorTab,
  });


  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const body = toHostBody(state, series?.id, user.discordId);
    const local = { ...banlistErrors(state), ...hostClientErrors(body) };
    if (Object.keys(local).length) {
      setFormError('Please fix the highlighted fields.');
      return showErrors(local);
    }
    host.mutate(body, {
      onSuccess: ({ uid }) => void navigate(`/tournaments/${encodeURIComponent(uid)}`),
      onError: (err) => {
        const status = (err as { status?: number }).status ?? 0;
        const { fields, form } = status === 400 ? hostServerErrors(err.message) : { fields: {}, form: undefined };
        if (Object.keys(fields).length) {
          setFormError(form ?? 'Please fix the highlighted fields.');
          showErrors(fields);
        } else {
          // spec 2 §8, with the server's reason when it gave one for a person
          setFormError(
            <>
              <p className="font-medium">{HOST_FAILED}</p>
              {status >= 400 && status < 500 && err.message && <p className="mt-1">{err.message}</p>}
            </>,
          );
        }
      },
    });
  }

  const tabClasses = cn(
    'relative border-b-2 border-transparent px-3 py-3 text-sm font-medium text-muted-foreground',
    'hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-primary',
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Host tournament">
      <ErrorSummary formError={formError} errors={errors} labels={HOST_FIELD_LABEL} tabOf={HOST_FIELD_TAB} showTab={setTab} />

      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as HostTabId)} className="rounded-xl border bg-card shadow-sm">
        {/* five equal tabs on a desktop, three and two on a phone: every tab visible, nothing to scroll */}
        <Tabs.List aria-label="Tournament settings" className="grid grid-cols-5 border-b px-2 mobile:grid-cols-3 mobile:px-0">
          <ErrorMarkedTabs tabs={HOST_TABS} errorTabs={errorTabs} className={tabClasses} />
        </Tabs.List>

        <Tabs.Content value="basic" className="space-y-5 p-5 mobile:p-4">
          <TextField name="name" label="Name" value={state.name} onChange={set('name')} error={errors.name} />
          <TextField name="subtitle" label="Subtitle" value={state.subtitle} onChange={set('subtitle')} error={errors.subtitle} />
          {/* the list decides which decks are legal: on the first tab, near the top (issue 39 §2) */}
          <HostBanlistField
            choice={state.banlistChoice}
            onChoice={(v) => {
              set('banlistChoice')(v);
              setErrors((e) => ({ ...e, banlistDate: undefined, banlist: undefined }));
            }}
            lists={lists ?? []}
            listsFailed={listsFailed}
            name={state.banlistName}
            text={state.banlist}
            onName={set('banlistName')}
            onText={set('banlist')}
            seriesText={series?.banlist ?? null}
            errors={errors}
          />
          <TextField
            name="description"
            label="Description"
            value={state.description}
            onChange={set('description')}
            error={errors.description}
            multiline
          />
          <div className="flex flex-wrap items-start gap-4">
            <TextField
              name="imageUri"
              label="Cover image URL"
              value={state.imageUri}
              onChange={set('imageUri')}
              error={errors.imageUri}
              hint={<>The address of an image uploaded to this site (the <Link to="/secret/upload" className="text-primary underline">upload page</Link> gives it); empty for none.</>}
              className="min-w-60 flex-1"
            />
            <div className="aspect-[16/9] w-40 shrink-0 overflow-hidden rounded-lg border bg-muted mobile:w-full">
              <CoverImage src={state.imageUri.trim() || null} alt="Cover preview" gradient="square" icon={<Trophy aria-hidden="true" className="size-8 text-primary/70" />} />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              name="format"
              label="Format"
              value={state.format}
              onChange={(v) => set('format')(v as TournamentFormat)}
              options={FORMAT_OPTIONS}
            />
            <TextField {...num('bestOf', 'At least 1.')} />
            <TextField {...num('decksAllowedPerPlayer', 'At least 1.')} />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <Toggle {...flag('openSubmissions', 'Players may submit decks as soon as they sign up.')} />
            <Toggle {...flag('manualDeckChecking', 'Decks wait for a reviewer before they count as approved.')} />
            <Toggle {...flag('relay', 'Team members duel in turn (EDOPro relay mode).')} />
          </div>
        </Tabs.Content>

        <Tabs.Content value="rules" className="space-y-6 p-5 mobile:p-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField {...num('startingLp', 'At least 1.')} />
            <TextField {...num('startingHand', 'At least 0.')} />
            <TextField {...num('cardsPerDraw', 'At least 1.')} />
          </div>
          <RulesFiltersFields state={state} setState={setState} errors={errors} setErrors={setErrors} />
        </Tabs.Content>

        <Tabs.Content value="deck" className="space-y-4 p-5 mobile:p-4">
          <DeckSizeLimits
            num={num}
            note={
              <p className="text-sm text-muted-foreground">
                Main Deck minimum at least 1; Extra and Side minimums at least 0; every maximum at least its minimum.
              </p>
            }
          />
        </Tabs.Content>

        <Tabs.Content value="advanced" className="space-y-6 p-5 mobile:p-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <Toggle {...flag('dontShuffleDeck')} />
            <Toggle {...flag('dontCheckDeckContents', 'Banlist, card types and unknown cards are not checked.')} />
            <Toggle {...flag('dontCheckDeckSize', 'Deck size limits are not checked.')} />
            <Toggle {...flag('tcgSegocRulings')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...num('playersTeam1', 'At least 1.')} />
            <TextField {...num('playersTeam2', 'At least 1.')} />
          </div>
        </Tabs.Content>

        <Tabs.Content value="event" className="p-5 mobile:p-4">
          <EventFields
            values={state}
            onChange={(key, value) => set(key)(value as never)}
            errors={errors}
            format={state.format}
          />
        </Tabs.Content>
      </Tabs.Root>

      <div className="flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
        <Link to={series ? '/series' : '/tournaments'} className={buttonClasses('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={host.isPending} aria-busy={host.isPending}>
          {host.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trophy aria-hidden="true" />}
          {host.isPending ? 'Creating...' : 'Create Tournament'}
        </Button>
      </div>
    </form>
  );
}
