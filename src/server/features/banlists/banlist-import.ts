import { parseLflist } from '../../../domain/banlist/lflist.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import * as BanlistsRepository from './banlists-repository.ts';

export interface ImportOptions {
  date: string;
  /** which list of a multi-list file; the first when absent */
  list?: string;
  reference?: boolean;
  createdBy?: string | null;
}

/** Parse an .lflist.conf as EDOPro does and store one of its lists under a date. */
export async function importLflist(db: Db, text: string, o: ImportOptions) {
  const parsed = parseLflist(text);
  if (parsed.lists.length === 0) throw badRequest('No list found: an .lflist.conf list starts with a line "!Name"');
  const chosen = o.list === undefined ? parsed.lists[0]! : parsed.lists.find((l) => l.name === o.list);
  if (!chosen) {
    throw badRequest(`No list named "${o.list}" in the file; it has: ${parsed.lists.map((l) => l.name).slice(0, 20).join(', ')}`);
  }
  const stored = await BanlistsRepository.replaceList(db, {
    date: o.date,
    kind: o.reference ? 'reference' : 'format',
    name: chosen.name,
    whitelist: chosen.whitelist,
    entries: chosen.entries,
    createdBy: o.createdBy ?? null,
  });
  return { date: o.date, name: chosen.name, whitelist: chosen.whitelist, entries: stored.entries, skippedLines: parsed.skippedLines, reference: !!o.reference };
}
