import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { SignedIn } from '../../lib/session.tsx';

export function JudgementBoardPage() {
  return (
    <PlaceholderPage title="The Next Judgement">
      {/* The login button is in the navigation bar; one per page keeps it unambiguous. */}
      <SignedIn signedOut={<p className="font-medium text-foreground">Please log in to view.</p>}>
        {() => (
          <p>
            The judgement board, where admins vote on proposed banlist changes and anyone signed in can suggest a card,
            is coming soon.
          </p>
        )}
      </SignedIn>
    </PlaceholderPage>
  );
}
