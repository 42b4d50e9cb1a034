// Where to play (issue 19): the EDOPro room of a match, for its players, the host and admins (the
// server gives the room to no one else), and the numbers to host it with: the event's duel settings,
// the same as 'EDOPro Room Settings' beside the tournament.
import { useRef, useState } from 'react';
import { Check, Copy, Cpu, DoorOpen } from 'lucide-react';
import type { Room } from '../../../../domain/api/event-night.ts';
import { Button } from '../../../components/ui/button.tsx';
import { roomFacts, type RoomFactFields } from './room-facts.ts';

/** What a player types into EDOPro to host the duel room: the left panel's numbers and the rules. */
export function DuelSettings({ tournament: t, title = 'Host the room in EDOPro with' }: { tournament: RoomFactFields; title?: string }) {
  const facts = roomFacts(t);
  return (
    <div className="rounded-lg border bg-card p-3" data-testid="room-settings">
      <p className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
        <Cpu aria-hidden="true" className="size-4 text-primary" />
        {title}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm min-[1100px]:grid-cols-[auto_1fr_auto_1fr]">
        {facts.map(([label, parts]) => (
          <div key={label} className="contents">
            <dt className="break-words text-muted-foreground">{label}</dt>
            {/* each number whole on its line: a narrow card wraps between hex and decimal, never inside one */}
            <dd className="font-mono text-xs leading-5 break-words">
              {parts.map((part, i) => (
                <span key={i}>
                  {i > 0 && ' · '}
                  <span className="whitespace-nowrap">{part}</span>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A value to type into EDOPro, with a button that copies it. */
function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const valueRef = useRef<HTMLParagraphElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // no clipboard (a page served over plain http, a browser that refuses): the value is selected
      // for the player's own copy, and the button says the copy did not happen
      if (valueRef.current) window.getSelection()?.selectAllChildren(valueRef.current);
      setCopied('failed');
    }
    window.setTimeout(() => setCopied('no'), 3000);
  }
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-md bg-muted px-2.5 py-1.5">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p ref={valueRef} className="font-mono text-base font-semibold break-all select-all" data-testid={testId}>
          {value}
        </p>
      </div>
      <Button variant="secondary" size="sm" className="mobile:h-11" onClick={() => void copy()} aria-label={`Copy the room ${label.toLowerCase()}`}>
        {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <span aria-live="polite">{copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}</span>
      </Button>
    </div>
  );
}

/**
 * The room of a match: its name and password with copy buttons, how to host or join it, and the
 * event's (or the league's) duel settings.
 */
export function RoomCard({ tournament: t, room, seenBy = 'the two teams, the host and admins' }: {
  tournament: RoomFactFields;
  room: Room;
  /** who else reads the password, for the line that asks to keep it */
  seenBy?: string;
}) {
  return (
    <section aria-labelledby="room-card-title" className="space-y-3 rounded-lg border border-primary/40 bg-primary/5 p-3" data-testid="room-card">
      <h3 id="room-card-title" className="flex items-center gap-1.5 text-sm font-semibold">
        <DoorOpen aria-hidden="true" className="size-4 text-primary" />
        Where to play
      </h3>
      <div className="grid gap-2 min-[480px]:grid-cols-2">
        <Copyable label="Name" value={room.name} testId="room-name" />
        <Copyable label="Password" value={room.password} testId="room-password" />
      </div>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>
          One of you hosts a duel room in EDOPro named <span className="font-mono font-semibold">{room.name}</span>, with this password and
          the duel settings below (best of {t.bestOf}).
        </li>
        <li>The other finds the room by its name in EDOPro’s room list and joins it with the password.</li>
        <li>Only {seenBy} see this password: keep it to yourselves.</li>
      </ol>
      <DuelSettings tournament={t} title="Duel settings" />
    </section>
  );
}
