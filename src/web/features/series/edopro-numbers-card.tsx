import { Cpu } from 'lucide-react';
import { toHex } from '../../../domain/series/rules.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';

export interface EdoproNumbersCardProps {
  duelFlags: string;
  roomDuelFlags: string;
  forbiddenTypes: number;
  /** lflist hash of the banlist, when there is one */
  banlistHash?: number;
  /** the title's level in the page's outline (h2 where no section heading precedes it) */
  titleAs?: 'h2' | 'h3';
}

/** The numbers a host types into an EDOPro room: duel flags (hex and decimal) and the forbidden-types mask. */
export function EdoproNumbersCard({ duelFlags, roomDuelFlags, forbiddenTypes, banlistHash, titleAs }: EdoproNumbersCardProps) {
  const rules = BigInt(duelFlags);
  const room = BigInt(roomDuelFlags);
  return (
    <Card data-testid="edopro-numbers">
      <CardHeader>
        <CardTitle as={titleAs} className="flex items-center gap-2">
          <Cpu aria-hidden="true" className="size-4 text-primary" />
          EDOPro Room Settings
        </CardTitle>
        <p className="text-sm text-muted-foreground">For a custom rule room that matches this series exactly.</p>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Numbers label="Duel flags" testId="duel-flags" value={rules} />
          {room !== rules && (
            <Numbers label="Duel flags with room options" hint="relay, don't shuffle, TCG SEGOC" testId="room-duel-flags" value={room} />
          )}
          <Numbers label="Forbidden types" testId="forbidden-types" value={forbiddenTypes} />
          {banlistHash !== undefined && <Numbers label="Banlist hash" testId="banlist-hash" value={banlistHash} />}
        </dl>
      </CardContent>
    </Card>
  );
}

function Numbers({ label, hint, value, testId }: { label: string; hint?: string; value: bigint | number; testId: string }) {
  return (
    <div className="rounded-lg bg-muted px-3 py-2">
      <dt className="text-xs text-muted-foreground">
        {label}
        {hint && <span className="block">({hint})</span>}
      </dt>
      <dd data-testid={testId} className="mt-0.5 font-mono break-all">
        <span className="font-semibold">{toHex(value)}</span>
        <span className="text-muted-foreground"> · {value.toString()}</span>
      </dd>
    </div>
  );
}
