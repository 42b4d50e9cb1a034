import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ExternalLink, ImageUp } from 'lucide-react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, type ImageUploadResponse } from '../../../domain/api/images.ts';
import type { CurrentUser } from '../../../domain/api/users.ts';
import { nameOf } from '../../../domain/users/display-name.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { SignedIn, recheckSession, setCurrentUser, useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { upload as uploadFile } from '../../lib/transfer.ts';
import { LoginButton } from '../../components/sign-in-prompt.tsx';

type UploadState =
  | { state: 'idle' }
  | { state: 'uploading'; fileName: string; fraction: number }
  | { state: 'done'; result: ImageUploadResponse }
  | { state: 'failed'; message: string; detail?: string };

/** Spec 1 §2 / spec 2 §2: upload an image, get a link that works for one hour. */
export function ImageUploadPage() {
  useDocumentTitle('Image Upload');
  const { login } = useSession();
  const queryClient = useQueryClient();
  // set when the server refused an upload for want of a session (it ended in another tab, or expired)
  const [sessionEnded, setSessionEnded] = useState(false);
  const onSessionEnded = () => {
    setSessionEnded(true);
    // one state on the whole page: signed out at once, then the server's word on who is signed in
    setCurrentUser(queryClient, null);
    void recheckSession(queryClient);
  };
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Image Upload</h1>
        <p className="text-muted-foreground">
          Upload a PNG, JPEG, WebP or GIF (up to {IMAGE_MAX_BYTES / 1024 / 1024} MB) to get a link to share. The link is
          valid for 1 hour.
        </p>
      </header>
      <SignedIn
        signedOut={
          <Card>
            {sessionEnded && (
              <Alert className="m-5 mb-0">
                <p className="font-medium">You are not logged in</p>
                <p className="mt-1">Your session ended, so the image was not uploaded.</p>
              </Alert>
            )}
            <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-5">
              <p className="font-medium">Please log in first.</p>
              <LoginButton onLogin={login} />
            </CardContent>
          </Card>
        }
      >
        {(user) => <Uploader user={user} onSessionEnded={onSessionEnded} />}
      </SignedIn>
    </section>
  );
}

function Uploader({ user, onSessionEnded }: { user: CurrentUser; onSessionEnded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });

  async function send(file: File) {
    if (file.size > IMAGE_MAX_BYTES) {
      setUpload({ state: 'failed', message: 'Upload failed', detail: `${file.name} is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.` });
      return;
    }
    setUpload({ state: 'uploading', fileName: file.name, fraction: 0 });
    const form = new FormData();
    form.append('image', file);
    try {
      const result = await uploadFile<ImageUploadResponse>('POST', '/images/api/upload', form, {
        headers: { 'X-Discord-Id': user.discordId },
        onProgress: (p) => setUpload({ state: 'uploading', fileName: file.name, fraction: p.fraction }),
      });
      setUpload({ state: 'done', result });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) onSessionEnded();
      else setUpload({ state: 'failed', message: 'Upload failed', detail: e instanceof Error ? e.message : undefined });
    }
  }

  return (
    <Card>
      <CardContent className="space-y-5 pt-5">
        <p className="text-sm text-muted-foreground">
          Logged in as <span data-testid="upload-username" className="font-medium text-foreground">{nameOf(user)}</span>
        </p>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          className="hidden"
          aria-label="Image file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // choosing the same file again still uploads it
            if (file) void send(file);
          }}
        />
        <Button onClick={() => input.current?.click()} disabled={upload.state === 'uploading'}>
          <ImageUp aria-hidden="true" />
          Select Image
        </Button>

        {upload.state === 'uploading' && <ProgressBar value={upload.fraction} label={`Uploading ${upload.fileName}`} />}
        {upload.state === 'failed' && (
          <Alert>
            <p className="font-medium">{upload.message}</p>
            {upload.detail && <p className="mt-1">{upload.detail}</p>}
          </Alert>
        )}
        {upload.state === 'done' && <UploadResult result={upload.result} />}
      </CardContent>
    </Card>
  );
}

function UploadResult({ result }: { result: ImageUploadResponse }) {
  const [copied, setCopied] = useState(false);
  const until = new Date(result.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  async function copy() {
    try {
      await navigator.clipboard.writeText(result.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (insecure context): select the text so the user can copy it.
      document.getElementById('uploaded-url')?.focus();
      (document.getElementById('uploaded-url') as HTMLInputElement | null)?.select();
    }
  }
  return (
    <div className="space-y-3" data-testid="upload-result">
      <label htmlFor="uploaded-url" className="block text-sm font-medium">
        Image URL (valid for 1 hour, until {until})
      </label>
      <div className="flex gap-2 mobile:flex-col">
        <input
          id="uploaded-url"
          readOnly
          value={result.url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-md border bg-background px-3 font-mono text-sm"
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy()} aria-label={copied ? 'Copied' : 'Copy URL'}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <a href={result.url} target="_blank" rel="noreferrer" className="inline-flex h-10 items-center gap-2 rounded-md border px-4 text-sm font-medium hover:bg-muted">
            <ExternalLink aria-hidden="true" className="size-4" />
            Open
          </a>
        </div>
      </div>
      <figure className="overflow-hidden rounded-lg border bg-muted/50 p-2">
        <img src={result.url} alt="Uploaded image preview" className="mx-auto max-h-96 max-w-full object-contain" />
      </figure>
    </div>
  );
}
