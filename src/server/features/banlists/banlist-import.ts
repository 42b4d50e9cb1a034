import { parseLflist } from '../../../domain/banlists/lflist.ts';
import type { BanlistImportResult } from '../../../domain/api/banlists.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import * as BanlistsRepository from './banlists-repository.ts';

export interface ImportOptions {
  date: string;
  /** which list of a multi-list file; the first when absent */
  list?: string;
  reference?: boolean;
  /** the importing admin: recorded on the list, and poster of its entries (so they may write the reasons) */
  createdBy?: string | null;
  /** more to write in the import's transaction (the admin log's line) */
  onStored?: (tx: Tx, stored: { name: string; entries: number }) => Promise<void>;
}

export const NO_LIST_MESSAGE = 'No list found: an .lflist.conf list starts with a line "!Name"';

/** Parse an .lflist.conf as EDOPro does and store one of its lists under a date. */
export async function importLflist(db: Db, text: string, o: ImportOptions): Promise<BanlistImportResult> {
  const parsed = parseLflist(text);
  if (parsed.lists.length === 0) throw badRequest(NO_LIST_MESSAGE);
  // names are not trimmed by EDOPro; accept a name typed without its stray spaces too
  const chosen = o.list === undefined
    ? parsed.lists[0]!
    : (parsed.lists.find((l) => l.name === o.list) ?? parsed.lists.find((l) => l.name.trim() === o.list!.trim()));
  if (!chosen) {
    const names = parsed.lists.map((l) => l.name);
    throw badRequest(`list: no list named "${o.list}" in the file; it has ${names.slice(0, 20).join(', ')}${names.length > 20 ? `, … (${names.length} lists)` : ''}`);
  }
  const stored = await BanlistsRepository.replaceList(db, {
    date: o.date,
    kind: o.reference ? 'reference' : 'format',
    name: chosen.name,
    whitelist: chosen.whitelist,
    // what keeps the file's EDOPro hash and meaning on export (decision 027)
    genesys: chosen.genesys,
    shadowedLines: chosen.shadowedLines,
    entries: chosen.entries,
    createdBy: o.createdBy ?? null,
    defaultPoster: o.createdBy ?? null,
    onStored: o.onStored && ((tx, r) => o.onStored!(tx, { name: chosen.name, entries: r.entries })),
  });
  return { date: o.date, name: chosen.name, whitelist: chosen.whitelist, entries: stored.entries, skippedLines: parsed.skippedLines, reference: !!o.reference };
}
