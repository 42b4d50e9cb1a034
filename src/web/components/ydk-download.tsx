import { useState } from 'react';
import { exportYdk } from '../../domain/decks/ydk.ts';
import { saveBlob } from '../lib/transfer.ts';

/**
 * A deck saved as a .ydk file (a deck preview's and a report deck's Download .ydk): `error` is the sentence
 * when it could not be written (a passcode the format refuses), cleared by the next try.
 */
export function useYdkDownload() {
  const [error, setError] = useState<string>();
  const download = (deck: Parameters<typeof exportYdk>[0], createdBy: string, fileName: string) => {
    setError(undefined);
    try {
      const text = exportYdk(deck, createdBy);
      saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The deck could not be exported');
    }
  };
  return { error, download };
}

/** Why the last download failed, beside its button. */
export function YdkDownloadError({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-danger">
      {error}
    </p>
  );
}
