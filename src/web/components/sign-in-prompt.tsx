import type { ReactNode } from 'react';
import { LogIn } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** Where a page needs a signed-in visitor: what it needs them for, and Login with Discord (which comes back to the page). */
export function SignInPrompt({ children, onLogin }: { children: ReactNode; onLogin: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-xl border bg-card p-5">
      <p className="font-medium">{children}</p>
      <Button onClick={onLogin}>
        <LogIn aria-hidden="true" />
        Login with Discord
      </Button>
    </div>
  );
}
