import { createContext, useContext } from 'react';

/**
 * Where the matches go on screens wider than a phone: a row under the page's panels, as wide as the page,
 * so that every round of a bracket shows at once (issue 18: 1.5 columns fitted the centre panel at 1280 px).
 * Null on phones and outside the tournament page: the matches stay where they are.
 */
export const WideSlotContext = createContext<HTMLElement | null>(null);

export const useWideSlot = (): HTMLElement | null => useContext(WideSlotContext);
