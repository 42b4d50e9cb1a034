// The tournaments' public reads held in memory until the next change: the REST reads and the live
// channel's answers (request-scoreboard, request-standings, the views built on a change notice) share
// them. The writer drops a tournament's reads after commit; every other instance hears of the commit
// by a notice its transaction sent (delivered at commit, before any live notice of the write,
// decision 006), and drops everything after a gap in notices.
import type { Realtime } from '../../realtime/realtime.ts';
import type { CachedBody } from '../../http/http-cache.ts';
import { ReadCache } from '../../http/read-cache.ts';

export class TournamentReads {
  /** groups: `t:{uid}` (that tournament's reads) and `tournaments` (the list) */
  readonly cache = new ReadCache();

  constructor(realtime: Pick<Realtime, 'onChangeNotice'>) {
    realtime.onChangeNotice((key) => {
      if (key === null) this.cache.clear();
      else this.changed(key);
    });
  }

  /** After a write's commit (and when another instance's notice of one arrives). */
  changed(uid: string): void {
    this.cache.invalidate(`t:${uid}`);
    this.cache.invalidate('tournaments');
  }

  /** A public read of this tournament, from memory until its next change. */
  cached<T>(uid: string, key: string, make: () => Promise<T | undefined>): CachedBody | Promise<CachedBody | undefined> {
    return this.cache.json(`t:${uid}`, key, make);
  }
}
