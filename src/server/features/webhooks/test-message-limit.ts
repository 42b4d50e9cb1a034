// 'Send a test message' (issue 38 §2): at most one every 10 seconds and 5 a minute per event, so a
// host (or a script with their session) cannot make the site hammer a channel. Counted from the
// event's audit lines of sent tests, which every instance shares.

export const TEST_GAP_MS = 10_000;
export const TEST_WINDOW_MS = 60_000;
export const TESTS_PER_WINDOW = 5;
const RULE = 'at most one every 10 seconds and 5 a minute';

/**
 * How long until the next test may go, from how long ago each recent one went (any order); 0: now.
 * With it, the sentence that says when.
 */
export function nextTestWait(agesMs: readonly number[]): { waitMs: number; sentence: string } | { waitMs: 0 } {
  const ages = agesMs.filter((a) => a < TEST_WINDOW_MS).sort((a, b) => a - b);
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  if (ages.length > 0 && ages[0]! < TEST_GAP_MS) {
    const waitMs = TEST_GAP_MS - ages[0]!;
    return { waitMs, sentence: `A test message went out ${Math.floor(ages[0]! / 1000)} s ago: send the next one in ${seconds(waitMs)} s (${RULE}).` };
  }
  if (ages.length >= TESTS_PER_WINDOW) {
    // the oldest of the last five must leave the minute
    const waitMs = TEST_WINDOW_MS - ages[TESTS_PER_WINDOW - 1]!;
    return { waitMs, sentence: `${ages.length} test messages went out in the last minute: send the next one in ${seconds(waitMs)} s (${RULE}).` };
  }
  return { waitMs: 0 };
}
