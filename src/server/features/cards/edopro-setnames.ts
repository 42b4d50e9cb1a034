import fs from 'node:fs';
import path from 'node:path';
import { parseSetnames } from '../../../domain/decks/setnames.ts';
import { EDOPRO_ASSETS_DIR } from '../../paths.ts';

let setnames: Map<number, string> | undefined;
/** EDOPro's archetype names (assets/edopro/setnames.conf, from strings.conf). */
export function edoproSetnames(): Map<number, string> {
  setnames ??= parseSetnames(fs.readFileSync(path.join(EDOPRO_ASSETS_DIR, 'setnames.conf'), 'utf8'));
  return setnames;
}
