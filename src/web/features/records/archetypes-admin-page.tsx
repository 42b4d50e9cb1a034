// /admin/archetypes (issue 20): the admins' table of signatures for decks no EDOPro archetype names
// (Goat Control, Chaos, Warrior). Everyone reads it; admins add, edit, order and delete; signed-in
// people test a deck against it.
import { useEffect, useState } from 'react';
import { Lock, Plus, RefreshCw, Tags } from 'lucide-react';
import type { Signature } from '../../../domain/api/records.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { errorText } from '../../lib/api.ts';
import { SignatureDialog } from './archetype-signature-dialog.tsx';
import { SignatureList, type MoveDirection } from './archetype-signature-list.tsx';
import { useDeleteSignature, useReclassify, useReorderSignatures, useSignatures } from './archetype-signatures-api.ts';
import { TestDeckPanel } from './archetype-test-deck.tsx';

const TITLE = 'Archetype signatures';
export const READ_ONLY_NOTE = 'Only admins can edit archetype signatures.';

type Editing = { signature?: Signature } | null;

export function ArchetypesAdminPage() {
  useDocumentTitle(TITLE);
  const { user, isLoading: sessionLoading, login } = useSession();
  const isAdmin = user?.auth === 2;
  const signatures = useSignatures();
  const reorder = useReorderSignatures();
  const remove = useDeleteSignature();
  const reclassify = useReclassify();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Signature | null>(null);
  const [confirmReclassify, setConfirmReclassify] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: MoveDirection } | null>(null);
  const list = signatures.data ?? [];

  // after a move the item's button is elsewhere (or disabled at an end): keep the keyboard on the item
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const other = direction === 'up' ? 'down' : 'up';
    const button = [direction, other]
      .map((d) => document.querySelector<HTMLButtonElement>(`[data-move="${id}-${d}"]`))
      .find((b) => b && !b.disabled);
    button?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, signatures.data]);

  const move = (s: Signature, direction: MoveDirection) => {
    const ids = list.map((x) => x.id);
    const from = ids.indexOf(s.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length || reorder.isPending) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setNotice(null);
    reorder.mutate(ids, { onSuccess: () => setNotice(`Moved ${s.name} to place ${to + 1}.`) });
    setFocusAfterMove({ id: s.id, direction });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setNotice(`Deleted ${deleting.name}.`);
        setDeleting(null);
      },
    });
  };

  const runReclassify = () =>
    reclassify.mutate(undefined, {
      onSuccess: (r) => {
        const leagues = r.runs ? ` and ${r.runs} league run${r.runs === 1 ? '' : 's'}` : '';
        setNotice(`Named ${r.decks} published deck${r.decks === 1 ? '' : 's'}${leagues} again: ${r.changed} changed, in ${r.events} event${r.events === 1 ? '' : 's'}${r.runs ? ` and ${r.leagues} league${r.leagues === 1 ? '' : 's'}` : ''}.`);
        setConfirmReclassify(false);
      },
    });

  return (
    <section aria-labelledby="archetypes-title" className="space-y-6">
      <header className="space-y-2">
        <div className="flex items-center gap-3">
          <Tags aria-hidden="true" className="size-7 text-primary" />
          <h1 id="archetypes-title" className="text-3xl font-bold tracking-tight mobile:text-2xl">{TITLE}</h1>
        </div>
        <p className="max-w-3xl text-muted-foreground">
          A deck is named after the EDOPro archetype that dominates it. Historic decks belong to none: they are named by the
          first signature below whose cards they hold, and decks that match nothing are “Other”.
        </p>
      </header>

      {!sessionLoading && !isAdmin && (
        <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm" data-testid="read-only-note">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong>{READ_ONLY_NOTE}</strong> This is the table the rule uses today.
          </p>
        </div>
      )}

      {isAdmin && (
        <div className="flex flex-wrap gap-2 mobile:[&>*]:flex-1">
          <Button onClick={() => { setNotice(null); setEditing({}); }}>
            <Plus aria-hidden="true" />
            Add signature
          </Button>
          <Button variant="secondary" onClick={() => { reclassify.reset(); setConfirmReclassify(true); }}>
            <RefreshCw aria-hidden="true" />
            Reclassify recorded decks
          </Button>
        </div>
      )}

      <p role="status" className="text-sm font-medium empty:hidden">{notice}</p>
      {reorder.isError && <Alert>{errorText(reorder.error, 'The new order could not be saved')}</Alert>}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="signatures-title" className="space-y-3">
          <h2 id="signatures-title" className="text-lg font-semibold">
            Signatures{signatures.data ? ` (${list.length})` : ''}
          </h2>
          {signatures.isPending ? (
            <p role="status" className="text-muted-foreground">Loading signatures…</p>
          ) : signatures.isError ? (
            <Alert>
              <p>{errorText(signatures.error, 'The signatures could not be loaded')}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void signatures.refetch()}>Try again</Button>
            </Alert>
          ) : list.length === 0 ? (
            <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
              No signatures yet: every deck that no archetype names is “Other”.
            </p>
          ) : (
            <SignatureList
              signatures={list}
              editable={isAdmin}
              onMove={move}
              onEdit={(s) => { setNotice(null); setEditing({ signature: s }); }}
              onDelete={(s) => { remove.reset(); setDeleting(s); }}
            />
          )}
        </section>
        {user ? (
          <TestDeckPanel signatures={signatures.data} />
        ) : (
          <div className="space-y-3 rounded-xl border bg-card p-5">
            <h2 className="text-lg font-semibold">Test a deck</h2>
            <p className="text-sm text-muted-foreground">Sign in to test a deck against the signatures.</p>
            {!sessionLoading && <Button variant="secondary" onClick={login}>Login with Discord</Button>}
          </div>
        )}
      </div>

      {editing && (
        <SignatureDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          signature={editing.signature}
          onSaved={(name) => setNotice(editing.signature ? `Saved ${name}.` : `Added ${name} at the end of the table.`)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'the signature'}?`}
        description="Decks recorded from now on are no longer named by it; decks already recorded keep their name until you reclassify them."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        error={remove.isError ? <Alert>{errorText(remove.error, 'The signature could not be deleted')}</Alert> : undefined}
      />
      <ConfirmDialog
        open={confirmReclassify}
        onOpenChange={(open) => !open && !reclassify.isPending && setConfirmReclassify(false)}
        title="Reclassify recorded decks?"
        description="Every published deck of every report is named again with today’s signatures; names corrected by a host or an admin stay. Unpublished decks keep no cards, so they keep the name they had when their winner was marked."
        confirmLabel="Reclassify"
        pendingLabel="Reclassifying…"
        pending={reclassify.isPending}
        onConfirm={runReclassify}
        error={reclassify.isError ? <Alert>{errorText(reclassify.error, 'The decks could not be reclassified')}</Alert> : undefined}
      />
    </section>
  );
}
