// A QR code's modules as one SVG path (share-qr.tsx): a unit square per dark module, offset by the quiet zone.

/** The light margin around the symbol, in modules: the four the QR standard asks scanners to rely on. */
export const QUIET_ZONE = 4;

/** The path of the dark modules, row by row; a run of dark modules in a row is one rectangle. */
export function qrPath(modules: { size: number; get(row: number, col: number): number }): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      let run = 1;
      while (col + run < modules.size && modules.get(row, col + run)) run++;
      parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`);
      col += run - 1;
    }
  }
  return parts.join('');
}
