/** Longest reason a proposal or an edit may carry (spec 1 §5 leaves it open). */
export const REASON_MAX_LENGTH = 2000;
