// When an event starts, as the viewer reads it: their own time zone, named (issue 19).

/** 'Sat, 5 Dec 2026, 20:00 CET' in the viewer's locale and time zone (or the one given, for tests). */
export function formatStart(iso: string, opts: { locale?: string; timeZone?: string } = {}): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(opts.locale, {
    weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
    timeZone: opts.timeZone,
  }).format(d);
}
