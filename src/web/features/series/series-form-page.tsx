import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { LoaderCircle, Save, Trash2 } from 'lucide-react';
import type { Series, SeriesField } from '../../../domain/api/series.ts';
import { IMAGE_MAX_BYTES } from '../../../domain/api/images.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BanlistInput } from './banlist-input.tsx';
import { PICTURE_TOO_LARGE, PictureInput } from './picture-input.tsx';
import { useDeleteSeries, useSaveSeries, useSeries } from './series-api.ts';
import { ErrorMarkedTabs, ErrorSummary, TextField, Toggle, useTabbedForm } from '../../components/form-fields.tsx';
import {
  FIELD_TAB, TABS, clientErrors, emptyFormState, firstErrorTab, formStateOf, serverErrors, toBody,
  type SeriesFormState, type TabId,
} from './series-form-state.ts';
import { DeckSizeLimits, RulesFiltersFields } from './series-fields.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';

const FIELD_LABEL: Record<SeriesField, string> = {
  name: 'Name', description: 'Description', picture: 'Picture', manualDeckChecking: 'Manual deck checking',
  banlistName: 'Banlist name', banlist: 'Banlist text', playersTeam1: 'Players (team 1)', playersTeam2: 'Players (team 2)',
  bestOf: 'Best of', relay: 'Relay duels', dontShuffleDeck: "Don't shuffle deck", dontCheckDeckContents: "Don't check deck contents",
  dontCheckDeckSize: "Don't check deck size", tcgSegocRulings: 'TCG SEGOC rulings', startingLp: 'Starting LP',
  startingHand: 'Starting hand', cardsPerDraw: 'Cards per draw', minMainDeckSize: 'Main Deck minimum',
  maxMainDeckSize: 'Main Deck maximum', minExtraDeckSize: 'Extra Deck minimum', maxExtraDeckSize: 'Extra Deck maximum',
  minSideDeckSize: 'Side Deck minimum', maxSideDeckSize: 'Side Deck maximum', ruleOptions: 'Rules', cardTypeFilters: 'Card type filters',
};

/** Spec 2 §2 /series/new and /series/{id}/edit (auth >= 1). */
export function SeriesFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id } = useParams();
  const title = mode === 'create' ? 'New Series' : 'Edit Series';
  useDocumentTitle(title);
  const { user, isLoading, login } = useSession();
  const series = useSeries(mode === 'edit' ? id : undefined);

  let body: ReactNode;
  if (isLoading || (mode === 'edit' && series.isPending)) {
    body = <p role="status" className="text-muted-foreground">Loading…</p>;
  } else if (!user) {
    body = <SignInPrompt onLogin={login}>Log in to create or edit series.</SignInPrompt>;
  } else if (user.auth < 1) {
    body = <Alert>Only curators (auth level 1 or more) may create or edit series.</Alert>;
  } else if (mode === 'edit' && series.isError) {
    body = <Alert>{(series.error as { status?: number }).status === 404 ? 'Series not found' : 'Failed to load series'}</Alert>;
  } else {
    const initial = mode === 'edit' && series.data ? series.data : undefined;
    body = <SeriesForm key={initial?.id ?? 'new'} mode={mode} seriesId={id} initial={initial} user={user} />;
  }

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-1">
        {mode === 'edit' && id && (
          <Link to={`/series/${encodeURIComponent(id)}`} className="rounded text-sm font-medium text-primary hover:underline">
            ← Back to series
          </Link>
        )}
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      </header>
      {body}
    </section>
  );
}

function SeriesForm({ mode, seriesId, initial, user }: { mode: 'create' | 'edit'; seriesId?: string; initial?: Series; user: CurrentUser }) {
  const navigate = useNavigate();
  const { state, setState, tab, setTab, errors, setErrors, formError, setFormError, showErrors, errorTabs, set, num, flag } = useTabbedForm({
    initial: (): SeriesFormState => (initial ? formStateOf(initial) : emptyFormState()),
    firstTab: 'metadata' as TabId,
    labels: FIELD_LABEL,
    tabOf: FIELD_TAB,
    firstErrorTab,
  });
  const [pictureFile, setPictureFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number>();
  const save = useSaveSeries(mode === 'create' ? 'create' : 'update');

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const body = toBody(state, user.discordId);
    const local = clientErrors(body);
    if (pictureFile && pictureFile.size > IMAGE_MAX_BYTES) local.picture = PICTURE_TOO_LARGE;
    if (Object.keys(local).length) return showErrors(local);
    setProgress(pictureFile ? 0 : undefined);
    save.mutate(
      { id: seriesId, body, picture: pictureFile ?? undefined, onProgress: (p) => setProgress(p.fraction) },
      {
        onSuccess: (saved) => void navigate(`/series/${encodeURIComponent(saved.id)}`),
        onError: (err) => {
          setProgress(undefined);
          const { fields, form } = serverErrors(err.message);
          setFormError(form ?? (Object.keys(fields).length ? 'Please fix the highlighted fields.' : undefined));
          showErrors(fields);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={mode === 'create' ? 'Create series' : 'Edit series'}>
      <ErrorSummary formError={formError} errors={errors} labels={FIELD_LABEL} tabOf={FIELD_TAB} showTab={setTab} />

      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabId)} className="rounded-xl border bg-card shadow-sm">
        {/* Four tabs do not fit in one row of a phone: two rows of two there, every label whole. */}
        <Tabs.List aria-label="Series settings" className="flex border-b px-2 mobile:grid mobile:grid-cols-2 mobile:px-1">
          <ErrorMarkedTabs
            tabs={TABS}
            errorTabs={errorTabs}
            className={cn(
              'relative shrink-0 border-b-2 border-transparent px-4 py-3 text-sm font-medium whitespace-nowrap text-muted-foreground',
              'mobile:px-2 mobile:text-center',
              'hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-primary',
            )}
          />
        </Tabs.List>

        <Tabs.Content value="metadata" className="space-y-5 p-5 mobile:p-4">
          <TextField name="name" label="Name" value={state.name} onChange={set('name')} error={errors.name} />
          <TextField name="description" label="Description" value={state.description} onChange={set('description')} error={errors.description} multiline />
          <PictureInput
            current={state.picture}
            file={pictureFile}
            onFile={(f) => {
              setPictureFile(f);
              setErrors((e) => ({ ...e, picture: f.size > IMAGE_MAX_BYTES ? PICTURE_TOO_LARGE : undefined }));
            }}
            onRemove={() => {
              setPictureFile(null);
              set('picture')(null);
            }}
            progress={progress}
            error={errors.picture}
          />
        </Tabs.Content>

        <Tabs.Content value="procedural" className="space-y-5 p-5 mobile:p-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField {...num('bestOf')} />
            <TextField {...num('playersTeam1')} />
            <TextField {...num('playersTeam2')} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Toggle {...flag('manualDeckChecking', 'Decks wait for a reviewer before they count as approved.')} />
            <Toggle {...flag('relay', 'Team members duel in turn (EDOPro relay mode).')} />
          </div>
          <BanlistInput
            name={state.banlistName}
            text={state.banlist}
            onName={set('banlistName')}
            onText={set('banlist')}
            nameError={errors.banlistName}
            textError={errors.banlist}
          />
        </Tabs.Content>

        <Tabs.Content value="base" className="space-y-6 p-5 mobile:p-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField {...num('startingLp')} />
            <TextField {...num('startingHand')} />
            <TextField {...num('cardsPerDraw')} />
          </div>
          <DeckSizeLimits num={num} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Toggle {...flag('dontShuffleDeck')} />
            <Toggle {...flag('dontCheckDeckContents')} />
            <Toggle {...flag('dontCheckDeckSize')} />
            <Toggle {...flag('tcgSegocRulings')} />
          </div>
        </Tabs.Content>

        <Tabs.Content value="rules" className="p-5 mobile:p-4">
          <RulesFiltersFields state={state} setState={setState} errors={errors} setErrors={setErrors} />
        </Tabs.Content>
      </Tabs.Root>

      <div className="flex flex-wrap items-center gap-3 mobile:flex-col-reverse mobile:items-stretch">
        {mode === 'edit' && seriesId && <DeleteSeries id={seriesId} user={user} disabled={save.isPending} />}
        <div className="ml-auto flex gap-3 mobile:ml-0 mobile:flex-col-reverse">
          <Link to={seriesId ? `/series/${encodeURIComponent(seriesId)}` : '/series'} className={buttonClasses('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
            {mode === 'create' ? 'Create Series' : 'Save Changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function DeleteSeries({ id, user, disabled }: { id: string; user: CurrentUser; disabled?: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteSeries();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="text-danger hover:bg-danger/10" disabled={disabled} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(o) => !remove.isPending && setOpen(o)}
        title="Delete series"
        description="Delete this series? This cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id, discordId: user.discordId }, { onSuccess: () => void navigate('/series', { replace: true }) })}
        error={remove.isError ? <Alert>Failed to delete series: {remove.error.message}</Alert> : undefined}
      />
    </>
  );
}
