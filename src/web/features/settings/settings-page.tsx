// /settings: the signed-in user's own choices. For now one (issue 31): whether the Discord bot sends
// them direct messages about their events, the same setting as `/notifications` in Discord.
import { useId } from 'react';
import { Switch } from 'radix-ui';
import { Settings } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useDiscordNotifications, useSetDiscordNotifications } from './settings-api.ts';
import { LoginButton } from '../../components/sign-in-prompt.tsx';

const TITLE = 'Settings';
export const DM_LABEL = 'Send me direct messages about my events';

const messageOf = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);
const onOff = (on: boolean) => (on ? 'on' : 'off');

export function SettingsPage() {
  useDocumentTitle(TITLE);
  const { user, isLoading, login } = useSession();
  return (
    <section aria-labelledby="settings-title" className="max-w-3xl space-y-6">
      <header className="space-y-2">
        <div className="flex items-center gap-3">
          <Settings aria-hidden="true" className="size-7 text-primary" />
          <h1 id="settings-title" className="text-3xl font-bold tracking-tight mobile:text-2xl">{TITLE}</h1>
        </div>
        <p className="text-muted-foreground">Choices for your own account, kept on the site.</p>
      </header>
      {isLoading ? (
        <p role="status" className="text-muted-foreground">Checking sign-in…</p>
      ) : user ? (
        <DirectMessagesCard discordId={user.discordId} />
      ) : (
        <Card>
          <CardContent className="space-y-3 pt-5">
            <p className="font-medium">Sign in to change your settings</p>
            <LoginButton onLogin={login} />
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function DirectMessagesCard({ discordId }: { discordId: string }) {
  const id = useId();
  const settings = useDiscordNotifications(discordId);
  const save = useSetDiscordNotifications(discordId);
  const on = settings.data?.directMessages ?? true;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">Discord direct messages</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {settings.isPending ? (
          <p role="status" className="text-muted-foreground">Loading your settings…</p>
        ) : settings.isError ? (
          <Alert>
            <p>{messageOf(settings.error, 'Your settings could not be loaded')}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void settings.refetch()}>
              {settings.isFetching ? 'Retrying…' : 'Retry'}
            </Button>
          </Alert>
        ) : (
          <>
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0 space-y-1">
                <label htmlFor={id} id={`${id}-label`} className="font-medium">{DM_LABEL}</label>
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  The site’s Discord bot writes to you when you are paired (your table, opponent, room name and password),
                  when check-in opens, when your opponent reports your match, when a dispute is settled, when you are dropped
                  as a no-show, when you make the top cut, and with your final result.
                </p>
              </div>
              <Switch.Root
                id={id}
                checked={on}
                // one change at a time: the switch stays focusable while the last one is saved
                onCheckedChange={(next) => !save.isPending && save.mutate(next)}
                aria-busy={save.isPending}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-hint`}
                className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full border bg-muted transition-colors data-[state=checked]:border-primary data-[state=checked]:bg-primary"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.3rem]" />
              </Switch.Root>
            </div>
            <p className="text-sm text-muted-foreground">
              Typing <code className="font-mono text-foreground">/notifications off</code> (or{' '}
              <code className="font-mono text-foreground">on</code>) to the bot in Discord does the same.
            </p>
            <p role="status" className="text-sm font-medium empty:sr-only" data-testid="dm-save-status">
              {save.isPending ? 'Saving…' : save.isSuccess ? `Saved: direct messages are ${onOff(on)}.` : ''}
            </p>
            {save.isError && (
              <Alert>
                <p className="font-medium">Your choice was not saved: direct messages are still {onOff(on)}.</p>
                <p>{messageOf(save.error, 'The server could not be reached')}</p>
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
