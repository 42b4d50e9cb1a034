import type { ReactNode } from 'react';
import { LogIn } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** Login with Discord, which comes back to the page it was pressed on. */
export function LoginButton({ onLogin, className }: { onLogin: () => void; className?: string }) {
  return (
    <Button className={className} onClick={onLogin}>
      <LogIn aria-hidden="true" />
      Login with Discord
    </Button>
  );
}

/** Where a page needs a signed-in visitor: what it needs them for, and Login with Discord. */
export function SignInPrompt({ children, onLogin }: { children: ReactNode; onLogin: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-xl border bg-card p-5">
      <p className="font-medium">{children}</p>
      <LoginButton onLogin={onLogin} />
    </div>
  );
}
