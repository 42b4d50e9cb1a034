import { cardTypeFromBits } from '../../../domain/banlist/card-types.ts';
import type { cards } from '../../db/schema.ts';

/** A card as in ../shared/data/cards/*.json (converted from cards.cdb). */
export interface CardJson {
  id: number;
  alias?: number;
  name: string;
  type: number;
  ot?: number;
  atk?: number;
  def?: number;
  level?: number;
  lscale?: number;
  rscale?: number;
  linkMarkers?: number;
  race?: number | string;
  attribute?: number;
  setcodes?: number[];
  desc?: string;
}

/** Lower case without accents: what name search compares. */
export function searchKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function cardRowFromJson(c: CardJson): typeof cards.$inferInsert {
  if (!Number.isInteger(c.id) || c.id <= 0 || typeof c.name !== 'string' || !Number.isInteger(c.type)) {
    throw new Error(`Not a card: ${JSON.stringify(c).slice(0, 80)}`);
  }
  return {
    id: c.id,
    alias: c.alias ?? 0,
    name: c.name,
    searchName: searchKey(c.name),
    type: c.type,
    cardType: cardTypeFromBits(c.type),
    ot: c.ot ?? 0,
    atk: c.atk ?? null,
    def: c.def ?? null,
    level: c.level ?? null,
    lscale: c.lscale ?? null,
    rscale: c.rscale ?? null,
    linkMarkers: c.linkMarkers ?? null,
    race: c.race === undefined ? null : BigInt(c.race),
    attribute: c.attribute ?? null,
    setcodes: c.setcodes ?? [],
    description: c.desc ?? '',
  };
}
