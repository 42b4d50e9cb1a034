import { useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Text to the clipboard: 'copied' for 3 s, then idle again; 'failed' where the clipboard is refused,
 * and the field `field` points at (where the text is shown to copy by hand) is selected.
 */
export function useCopy<E extends HTMLInputElement | HTMLTextAreaElement>() {
  const [state, setState] = useState<CopyState>('idle');
  const field = useRef<E>(null);
  useEffect(() => {
    if (state === 'copied') {
      const t = setTimeout(() => setState('idle'), 3000);
      return () => clearTimeout(t);
    }
    if (state === 'failed') field.current?.select();
  }, [state]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return { state, field, copy };
}
