import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import { parseLflist } from '../../../domain/banlists/lflist.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { useBanlistDates, useImportBanlist, useReferenceDates, type ImportBanlistResult } from './banlists-api.ts';

/** "2026.05 TCG" or "2010-04-24 Edison" → a date to start from; the admin can change it. */
export function dateFromListName(name: string): string | undefined {
  const m = /^\s*(\d{4})[.-](\d{1,2})(?:[.-](\d{1,2}))?/.exec(name);
  if (!m) return undefined;
  const [, y, mo, d] = m;
  const month = Number(mo);
  const day = d ? Number(d) : 1;
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const inputClasses = 'block w-full rounded-md border bg-background px-3 py-2 text-sm';

export interface ImportBanlistDialogProps {
  onImported: (result: ImportBanlistResult) => void;
}

/** Admins: an EDOPro .lflist.conf from a file or pasted text, stored for a date (spec issue 3). */
export function ImportBanlistDialog({ onImported }: ImportBanlistDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Upload aria-hidden="true" />
          Import banlist
        </Button>
      </DialogTrigger>
      {open && (
        <ImportForm
          onDone={(r) => {
            setOpen(false);
            onImported(r);
          }}
        />
      )}
    </Dialog>
  );
}

function ImportForm({ onDone }: { onDone: (r: ImportBanlistResult) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [reference, setReference] = useState(false);
  const [list, setList] = useState('');
  const importBanlist = useImportBanlist();
  const formatDates = useBanlistDates();
  const referenceDates = useReferenceDates(reference);
  const replaces = !!date && !!(reference ? referenceDates.data : formatDates.data)?.includes(date);

  // Parsed here only to name the lists and count cards; the server parses again and decides.
  const deferredText = useDeferredValue(text);
  const parsed = useMemo(() => (deferredText.trim() ? parseLflist(deferredText) : null), [deferredText]);
  const lists = parsed?.lists ?? [];
  const chosen = lists.find((l) => l.name === list) ?? lists[0];

  const adoptText = (next: string) => {
    setText(next);
    setList('');
    if (!date) {
      const first = parseLflist(next).lists[0];
      const guess = first && dateFromListName(first.name);
      if (guess) setDate(guess);
    }
  };

  const onFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    try {
      adoptText(await file.text());
    } catch {
      setFileError('The file could not be read.');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || !date) return;
    importBanlist.mutate(
      { date, text, reference, list: lists.length > 1 && chosen ? chosen.name : undefined },
      { onSuccess: onDone },
    );
  };

  const formId = `${id}-form`;
  return (
    <DialogContent
      size="lg"
      title="Import banlist"
      description="An EDOPro .lflist.conf file, or its text pasted below. It replaces any banlist of the same date."
      footer={
        <Button type="submit" form={formId} disabled={!text.trim() || !date || importBanlist.isPending}>
          {importBanlist.isPending ? 'Importing…' : 'Import'}
        </Button>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            Banlist file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".conf,.txt,text/plain"
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-card file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          {fileError && <p className="text-xs text-danger">{fileError}</p>}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            List text
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(e) => adoptText(e.target.value)}
            rows={8}
            spellCheck={false}
            placeholder={'#[2026.05 Format]\n!2026.05 Format\n14878871 0 --Card name'}
            className={`${inputClasses} resize-y font-mono text-xs`}
          />
          {parsed && (
            <p data-testid="import-summary" className="text-xs text-muted-foreground">
              {chosen
                ? `${chosen.name.trim() || 'Unnamed list'}${chosen.whitelist ? ' (whitelist)' : ''}: ${chosen.entries.length.toLocaleString('en-US')} cards` +
                  (lists.length > 1 ? `, one of ${lists.length} lists` : '')
                : 'No list found: a list starts with a line "!Name".'}
              {parsed.skippedLines > 0 && `; ${parsed.skippedLines} lines EDOPro would skip`}
            </p>
          )}
        </div>
        {lists.length > 1 && (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-list`} className="text-sm font-medium">
              List
            </label>
            <select id={`${id}-list`} value={chosen?.name ?? ''} onChange={(e) => setList(e.target.value)} className={inputClasses}>
              {lists.map((l, i) => (
                <option key={`${i}-${l.name}`} value={l.name}>
                  {l.name.trim() || `List ${i + 1}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="grid gap-4 desktop:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-date`} className="text-sm font-medium">
              Effective date
            </label>
            <input
              id={`${id}-date`}
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className={inputClasses}
            />
          </div>
          <label className="flex items-start gap-2 self-end pb-2 text-sm">
            <input
              type="checkbox"
              checked={reference}
              onChange={(e) => setReference(e.target.checked)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              Reference list (Advanced)
              <span className="block text-xs text-muted-foreground">The official list behind the Advanced column.</span>
            </span>
          </label>
        </div>
        {replaces && (
          <p role="status" className="rounded-md border border-limited/40 bg-limited/10 p-2 text-xs">
            {reference ? 'A reference list' : 'A banlist'} dated {date} exists: importing replaces it.
          </p>
        )}
        {/* The server's own message (e.g. a 400 naming what is wrong); the text stays as typed. */}
        {importBanlist.isError && <Alert>{importBanlist.error.message}</Alert>}
      </form>
    </DialogContent>
  );
}
