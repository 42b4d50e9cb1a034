// Where a match is played (issue 19): an EDOPro room named after the event and its table, with a
// password only its players, the host and admins read. EDOPro's host packet holds the room name and
// password as uint16_t[20] (edo9300/edopro gframe/network.h, CTOS_CreateGame), so both stay under
// 20 characters.
export const ROOM_FIELD_MAX = 19;
/** Lower-case letters and digits a player cannot misread or mistype (no 0/o, 1/l/i). */
export const ROOM_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const ROOM_PASSWORD_LENGTH = 6;

/** A fresh room password: crypto random, short, typeable. */
export function newRoomPassword(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const n = ROOM_PASSWORD_ALPHABET.length;
  // rejection sampling: bytes at or above the largest multiple of n would favour the first letters
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < ROOM_PASSWORD_LENGTH) {
    for (const b of random(new Uint8Array(ROOM_PASSWORD_LENGTH * 2))) {
      if (b < limit && out.length < ROOM_PASSWORD_LENGTH) out += ROOM_PASSWORD_ALPHABET[b % n];
    }
  }
  return out;
}

/** The event's short code in room names: 'FH-' and the first four letters or digits of its id. */
export function eventCode(tournamentUid: string): string {
  return `FH-${tournamentUid.replace(/[^a-zA-Z0-9]/g, '').slice(0, 4).toUpperCase()}`;
}

/** 'FH-4821 T12': the event and the table (a match without a table, by its id). */
export function roomName(tournamentUid: string, table: number | null, matchId: number): string {
  return `${eventCode(tournamentUid)} ${table !== null ? `T${table}` : `M${matchId}`}`.slice(0, ROOM_FIELD_MAX);
}
