// The live channel's sign-in sessions (decision 010): what it needs of them, and the periodic
// check that applies an expiry, or a logout no instance announced, to open connections.
import type { CurrentUser } from '../../domain/api/users.ts';
import type { Broker, StompSession } from './broker.ts';

/** every minute: one indexed query per 500 signed-in sessions with an open connection */
export const SESSION_CHECK_MS = 60_000;

/**
 * What the live channel needs of the sign-in sessions (session-plugin.ts's `userFromCookies`).
 * Calling it reads the cookies of a connection's upgrade or SockJS request.
 */
export interface LiveSessions {
  (cookieHeader: string | undefined): Promise<{ user: CurrentUser; sessionId: string } | null>;
  /** the users of those sessions now; an id missing from the answer has ended (logout anywhere, expiry) */
  check(sessionIds: readonly string[]): Promise<ReadonlyMap<string, CurrentUser>>;
  /** called, and awaited, when a logout in this process ends a session */
  onEnded(listener: (sessionId: string) => Promise<void>): void;
}

/**
 * Every `everyMs`, read the sign-in sessions of the open connections again: a connection whose
 * session is gone (expired, or a logout no message told us of) goes on as a visitor; the others
 * get their user as it is now (rights taken away apply too). Either way subscriptions the policy
 * would now refuse end (StompSession.reidentify). Costs one query per 500 distinct sessions; none while
 * no signed-in connection is open.
 */
export function periodicSessionCheck(broker: Broker, sessions: Pick<LiveSessions, 'check'>, onError: (message: string, err?: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const check = async () => {
    if (running) return;
    const bySession = new Map<string, StompSession[]>();
    for (const connection of broker.sessions) {
      const id = connection.signInId;
      if (id === undefined) continue;
      const list = bySession.get(id);
      if (list) list.push(connection);
      else bySession.set(id, [connection]);
    }
    if (bySession.size === 0) return;
    running = true;
    try {
      const live = await sessions.check([...bySession.keys()]);
      if (!timer) return; // stopped meanwhile
      for (const [id, connections] of bySession) {
        const user = live.get(id);
        for (const connection of connections) {
          // a logout applied meanwhile (or a closed connection) is not undone by an older read
          if (connection.signInId !== id) continue;
          connection.reidentify(user ? { principal: user, signInId: id } : { principal: null });
        }
      }
    } catch (err) {
      if (timer) onError('live: could not check the sessions of open connections', err);
    } finally {
      running = false;
    }
  };
  return {
    start(everyMs: number) {
      timer ??= setInterval(() => void check(), everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
