import { useMemo, useRef, useState } from 'react';
import { Download, FileUp, LoaderCircle, X } from 'lucide-react';
import { parseLflist } from '../../../domain/banlists/lflist.ts';
import { BANLIST_TEXT_MAX } from '../../../domain/api/series.ts';
import { Button } from '../../components/ui/button.tsx';
import { useBanlistDates } from '../banlists/banlists-api.ts';
import { fetchBanlistText } from './series-api.ts';
import { SelectField, TextField } from '../../components/form-fields.tsx';

export interface BanlistInputProps {
  name: string;
  text: string;
  onName: (name: string) => void;
  onText: (text: string) => void;
  nameError?: string;
  textError?: string;
  /** offer the site's lists by date here (the host form picks them in its own field) */
  pickDate?: boolean;
}

/**
 * The banlist as .lflist.conf text: pasted, read from a .conf file (which replaces the text), or
 * fetched for one of the site's banlist dates. A loaded list also names the banlist.
 */
export function BanlistInput({ name, text, onName, onText, nameError, textError, pickDate = true }: BanlistInputProps) {
  const file = useRef<HTMLInputElement>(null);
  const [loadError, setLoadError] = useState<string>();
  const summary = useMemo(() => {
    if (!text.trim()) return undefined;
    const list = parseLflist(text).lists[0];
    return list ? `${list.name.trim() || 'Unnamed list'}: ${list.entries.length} cards${list.whitelist ? ' (whitelist)' : ''}` : undefined;
  }, [text]);

  function load(newText: string) {
    onText(newText);
    const listName = parseLflist(newText).lists[0]?.name.trim();
    if (listName) onName(listName);
  }

  async function readFile(f: File) {
    setLoadError(undefined);
    if (f.size > BANLIST_TEXT_MAX) {
      setLoadError(`${f.name} is too large for a banlist`);
      return;
    }
    load(await f.text());
  }

  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">Banlist</legend>
      <TextField name="banlistName" label="Banlist name" value={name} onChange={onName} error={nameError} />

      <div className="flex flex-wrap items-end gap-2">
        {pickDate && <DatePicker onLoad={load} onError={setLoadError} />}
        <input
          ref={file}
          type="file"
          accept=".conf,text/plain"
          aria-label="Banlist .conf file"
          className="hidden"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void readFile(f);
          }}
        />
        <Button variant="secondary" onClick={() => file.current?.click()}>
          <FileUp aria-hidden="true" />
          Upload .conf file
        </Button>
        {text && (
          <Button variant="ghost" onClick={() => onText('')}>
            <X aria-hidden="true" />
            Clear
          </Button>
        )}
      </div>
      {loadError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {loadError}
        </p>
      )}

      <TextField
        name="banlist"
        label="Banlist text (.lflist.conf)"
        value={text}
        onChange={onText}
        error={textError}
        multiline
        rows={10}
        mono
        hint={summary ?? (pickDate ? 'Paste an EDOPro .lflist.conf, upload one, or pick a date. Leave empty for no banlist.' : 'Paste an EDOPro .lflist.conf, or upload one.')}
      />
    </fieldset>
  );
}

/** One of the site's lists by date, fetched as text into the field. */
function DatePicker({ onLoad, onError }: { onLoad: (text: string) => void; onError: (message: string | undefined) => void }) {
  const dates = useBanlistDates();
  const [date, setDate] = useState<string>();
  const [loading, setLoading] = useState(false);

  async function loadDate() {
    if (!date) return;
    setLoading(true);
    onError(undefined);
    try {
      onLoad(await fetchBanlistText(date));
    } catch {
      onError(`Failed to load the banlist of ${date}`);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <SelectField
        name="banlistDate"
        label="Banlist date"
        className="min-w-48 flex-1"
        value={date}
        onChange={setDate}
        placeholder={dates.isPending ? 'Loading dates…' : dates.isError ? 'Dates unavailable' : 'Pick a date'}
        options={(dates.data ?? []).map((d) => ({ value: d, label: d }))}
      />
      <Button variant="secondary" onClick={() => void loadDate()} disabled={!date || loading}>
        {loading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        Use this banlist
      </Button>
    </>
  );
}
