// Issue 30 §1: a team the attention panel names opens in Admin Tools' Teams (the check-in desk): the
// tab switches on a phone, the row opens, scrolls into view and takes the focus. The page holds the
// request; a new click on the same team asks again (`at` changes).
import { createContext, useContext } from 'react';

export interface TeamFocus {
  request: { uid: string; at: number } | null;
  open(uid: string): void;
}

export const TeamFocusContext = createContext<TeamFocus>({ request: null, open: () => {} });

export const useTeamFocus = (): TeamFocus => useContext(TeamFocusContext);
