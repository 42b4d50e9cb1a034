import { useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { inputClasses } from '../../../components/form-fields.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { DeckPreview } from './deck-preview.tsx';
import type { Refusal } from './deck-refusal.ts';

// A deck given to a form as the event's upload and a league's join take it: a .ydk file or a pasted ydke://
// link, the last given winning, and the panel of a deck the server refused.

/** The deck being given: the chosen file (its name, the input to clear) or the paste; `text` is what is sent. */
export function useDeckText() {
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string>();
  const [fileText, setFileText] = useState<string>();
  const [pasted, setPasted] = useState('');
  const clearFile = () => {
    setFileName(undefined);
    setFileText(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };
  return {
    fileInput,
    fileName,
    pasted,
    text: fileText ?? pasted,
    clearFile,
    /** reads a chosen file, which replaces what was pasted */
    readFile: async (f: File) => {
      setFileName(f.name);
      setFileText(await f.text());
      setPasted('');
    },
    /** a paste replaces a chosen file; says whether there was one */
    paste: (value: string) => {
      const hadFile = fileText !== undefined;
      if (hadFile) clearFile();
      setPasted(value);
      return hadFile;
    },
    /** forgets the file and the paste (the deck was sent) */
    clear: () => {
      clearFile();
      setPasted('');
    },
  };
}

export type DeckText = ReturnType<typeof useDeckText>;

/** The deck's two fields: the .ydk file, with a button that clears a chosen one, and the ydke:// link. */
export function DeckTextFields({ id, deck, onChoose, onClear, onPaste, mutedPlaceholder = true }: {
  /** the form's id: the fields' ids are made from it */
  id: string;
  deck: DeckText;
  onChoose: (f: File | undefined) => void;
  onClear: () => void;
  onPaste: (value: string) => void;
  /** false: the link's placeholder in the browser's colour (the event's upload form) */
  mutedPlaceholder?: boolean;
}) {
  return (
    <>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium">
          Deck file (.ydk)
        </label>
        <div className="flex items-center gap-2">
          <input
            ref={deck.fileInput}
            id={`${id}-file`}
            type="file"
            accept=".ydk"
            onChange={(e) => onChoose(e.target.files?.[0])}
            className={cn(
              'block min-w-0 flex-1 rounded-md text-sm text-muted-foreground',
              'file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-solid file:bg-card file:px-3',
              'file:text-sm file:font-medium file:text-foreground hover:file:bg-muted',
            )}
          />
          {deck.fileName && (
            <Button variant="ghost" size="sm" onClick={onClear} aria-label="Clear the chosen file">
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-ydke`} className="block text-sm font-medium">
          or paste a ydke:// link
        </label>
        <textarea
          id={`${id}-ydke`}
          rows={2}
          value={deck.pasted}
          spellCheck={false}
          placeholder="ydke://…!…!…!"
          onChange={(e) => onPaste(e.target.value)}
          className={cn(inputClasses(false, { mutedPlaceholder }), 'font-mono text-xs')}
        />
      </div>
    </>
  );
}

/** A refused deck: the sentence, and every problem beside the cards when the server read a deck. */
export function RefusedDeck({ refusal, title, messageTestId, deckLabel, createdBy, onDismiss }: {
  refusal: Refusal;
  title: ReactNode;
  messageTestId: string;
  /** the deck's name in its .ydk file */
  deckLabel: string;
  createdBy: string;
  onDismiss: () => void;
}) {
  return (
    <section aria-label="Refused deck" className="space-y-3 rounded-xl border border-danger/40 bg-card p-4 shadow-sm" data-testid="refused-deck">
      <div className="flex items-start gap-2">
        <Alert className="flex-1">
          <p className="font-medium">{title}</p>
          <p className="mt-1" data-testid={messageTestId}>
            {refusal.message}
          </p>
        </Alert>
        <Button variant="ghost" size="icon" className="size-9" onClick={onDismiss} aria-label="Dismiss">
          <X aria-hidden="true" />
        </Button>
      </div>
      {(refusal.deck || refusal.problems.length > 0) && (
        <DeckPreview
          deck={refusal.deck ?? { mainDeck: [], extraDeck: [], sideDeck: [] }}
          label={deckLabel}
          createdBy={createdBy}
          problems={refusal.problems}
        />
      )}
    </section>
  );
}
