// 'Request to host' (issue 39 §1), where Host would be (the tournaments list, a series, the host
// form) for a signed-in player without hosting rights: who decides, their request's state, and the
// button. Curators and visitors see nothing of it.
import { useId, useState } from 'react';
import { Hand } from 'lucide-react';
import { REASON_MAX } from '../../../domain/api/people.ts';
import { canHost } from '../../../domain/people/levels.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session.tsx';
import { errorText } from '../../lib/api.ts';
import { useOwnHostRequest, useRequestToHost } from './people-api.ts';
import { dayText } from './people-view.ts';

/** 'Ada', 'Ada and Grace', 'Ada, Grace and Linus'. */
export const namesText = (names: readonly string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export function RequestToHost({ className }: { className?: string }) {
  const { user } = useSession();
  const eligible = !!user && !canHost(user.auth);
  const own = useOwnHostRequest(eligible);
  const [asking, setAsking] = useState(false);
  if (!eligible) return null;
  const deciders = own.data?.deciders.map((d) => d.name) ?? [];
  const r = own.data?.request;
  return (
    <div className={cn('max-w-md space-y-2 rounded-xl border bg-card p-4 text-sm', className)} data-testid="request-to-host">
      <p>
        <span className="font-medium">Only curators may host tournaments.</span>{' '}
        {deciders.length ? `The admins decide who hosts: ${namesText(deciders)}.` : 'The admins decide who hosts.'}
      </p>
      {own.isError && <p className="text-muted-foreground">{errorText(own.error, 'Your request could not be read')}</p>}
      {r?.status === 'open' ? (
        <p role="status" className="font-medium text-primary">Your request to host is waiting for the admins (sent {dayText(r.createdAt)}).</p>
      ) : (
        <>
          {r?.status === 'declined' && <p>Your last request was declined{r.reason ? `: ${r.reason}` : '.'} You may ask again.</p>}
          {!own.isPending && (
            <Button onClick={() => setAsking(true)} className="mobile:w-full">
              <Hand aria-hidden="true" />
              Request to host
            </Button>
          )}
        </>
      )}
      {asking && <RequestDialog onClose={() => setAsking(false)} />}
    </div>
  );
}

function RequestDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const send = useRequestToHost();
  return (
    <Dialog open onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogContent
        title="Request to host"
        description="The admins read it with what you have played here, and answer on the site and by direct message."
        footer={(
          <>
            <DialogClose asChild><Button variant="secondary" disabled={send.isPending}>Cancel</Button></DialogClose>
            <Button disabled={send.isPending} onClick={() => send.mutate({ note: note.trim() }, { onSuccess: onClose })}>
              {send.isPending ? 'Sending…' : 'Send request'}
            </Button>
          </>
        )}
      >
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium">What would you host? (optional)</label>
          <textarea
            id={id} rows={4} maxLength={REASON_MAX} value={note} onChange={(e) => setNote(e.target.value)}
            className="block w-full rounded-md border bg-background px-3 py-2 text-sm" placeholder="A weekly GOAT night on Tuesdays, about 16 players"
          />
          {send.isError && <Alert>{errorText(send.error, 'The request could not be sent')}</Alert>}
        </div>
      </DialogContent>
    </Dialog>
  );
}
