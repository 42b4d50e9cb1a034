// 'Share' on the event page (issue 39 §2): the sign-up link to copy (or hand to the phone's own share
// sheet), and its QR code for a screen at the venue. The QR code loads with the dialog (share-qr.tsx).
import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { useCopy } from '../../../lib/use-copy.ts';

const ShareQr = lazy(() => import('./share-qr.tsx'));

type Shared = Pick<Tournament, 'uid' | 'name' | 'signupsOpen' | 'inProgress' | 'completed' | 'lateEntryOpen'>;

/** Sign-ups still open (a late entry included): the link is a sign-up link; else the page to follow. */
const signingUp = (t: Shared) => (t.signupsOpen && !t.inProgress && !t.completed) || t.lateEntryOpen;

export function ShareButton({ tournament: t }: { tournament: Shared }) {
  const description = signingUp(t)
    ? 'Players sign up at this link: send it, or show its QR code on a screen to scan.'
    : 'The event’s page, its pairings and standings live: send the link, or show its QR code on a screen.';
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className="mobile:min-h-11" data-testid="share-open">
          <Share2 aria-hidden="true" />
          Share
        </Button>
      </DialogTrigger>
      <DialogContent title={`Share ${t.name}`} description={description}>
        <ShareBody tournament={t} label={signingUp(t) ? 'Sign-up link' : 'Event link'} />
      </DialogContent>
    </Dialog>
  );
}

function ShareBody({ tournament: t, label }: { tournament: Shared; label: string }) {
  const url = `${window.location.origin}/tournaments/${encodeURIComponent(t.uid)}`;
  const id = useId();
  // where the clipboard is refused (an insecure page, a denied permission) the link is selected to copy by hand
  const { state: copy, field, copy: toClipboard } = useCopy<HTMLInputElement>();

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <div className="flex gap-2 mobile:flex-col">
          <input
            id={id}
            ref={field}
            type="text"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-md border bg-background px-3 font-mono text-xs shadow-sm mobile:h-11 mobile:flex-none"
          />
          <Button onClick={() => void toClipboard(url)} className="mobile:min-h-11" data-testid="share-copy">
            {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copy === 'copied' ? 'Copied' : 'Copy link'}
          </Button>
        </div>
        {/* the button says it to the eye; this says it to a screen reader */}
        <p role="status" className={copy === 'failed' ? 'text-sm text-muted-foreground' : 'sr-only'}>
          {copy === 'copied' ? 'Link copied' : copy === 'failed' ? 'The clipboard is not available here: the link is selected, copy it yourself.' : ''}
        </p>
        {'share' in navigator && (
          <Button variant="ghost" size="sm" className="mobile:min-h-11" onClick={() => void navigator.share({ title: t.name, url }).catch(() => undefined)}>
            <Share2 aria-hidden="true" />
            Share with an app…
          </Button>
        )}
      </div>
      <QrFailed>
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted-foreground">
              Drawing the QR code…
            </p>
          }
        >
          <ShareQr url={url} eventName={t.name} />
        </Suspense>
      </QrFailed>
    </div>
  );
}

/** The QR code's chunk could not be loaded (offline, a new deploy): the link still works. */
class QrFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        The QR code could not be loaded: the link above works all the same. Reload the page to try again.
      </p>
    );
  }
}
