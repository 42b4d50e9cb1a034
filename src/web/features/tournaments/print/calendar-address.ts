// The calendar feed's addresses (issue 30 §8): calendar apps subscribe to webcal:// (the same feed over
// the page's own scheme); 'Copy address' gives the http(s) address, which every app's 'From URL' takes.

/** The feed at the page's origin, as a web address and as a webcal:// subscription. */
export function calendarAddresses(origin: string, path: string): { web: string; webcal: string } {
  const url = new URL(path, origin);
  return { web: url.href, webcal: `webcal://${url.host}${url.pathname}${url.search}` };
}
