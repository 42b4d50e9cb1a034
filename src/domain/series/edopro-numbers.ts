import { detectPreset } from './presets.ts';
import { duelFlags, forbiddenTypes, isFilterCode, isRuleCode, roomDuelFlags } from './rules.ts';

export interface EdoproNumbers {
  /** OR of the rules' duel flags, decimal (BigInt: above 2^32) */
  duelFlags: string;
  /** duelFlags plus relay, "Don't shuffle Deck" and the TCG SEGOC box */
  roomDuelFlags: string;
  forbiddenTypes: number;
  preset: string;
}

/** What a host types into an EDOPro room for these settings (presets.md), and the matching preset. */
export function edoproNumbers(s: {
  ruleOptions: readonly string[];
  cardTypeFilters: readonly string[];
  relay: boolean;
  dontShuffleDeck: boolean;
  tcgSegocRulings: boolean;
}): EdoproNumbers {
  const rules = s.ruleOptions.filter(isRuleCode);
  const filters = s.cardTypeFilters.filter(isFilterCode);
  return {
    duelFlags: duelFlags(rules).toString(),
    roomDuelFlags: roomDuelFlags({ ...s, ruleOptions: rules }).toString(),
    forbiddenTypes: forbiddenTypes(filters),
    preset: detectPreset(s.ruleOptions, s.cardTypeFilters),
  };
}
