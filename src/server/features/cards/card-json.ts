// A card as the import reads it: the JSON of ../shared/data/cards and the rows of an EDOPro cards.cdb.

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
