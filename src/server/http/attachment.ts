// The Content-Disposition of a file the site sends (a banlist, an export, a deck zip).

/** ASCII fallback plus RFC 6266 filename* so any FORMAT_NAME survives the header. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
