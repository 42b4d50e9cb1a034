import { nameOf } from '../../../domain/users/display-name.ts';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { SignedIn } from '../../lib/session.tsx';

export function ImageUploadPage() {
  return (
    <PlaceholderPage title="Image Upload">
      <SignedIn signedOut={<p className="font-medium text-foreground">Please log in first.</p>}>
        {(user) => (
          <>
            <p>
              Logged in as <span className="font-medium text-foreground">{nameOf(user)}</span>.
            </p>
            <p>Uploading an image to get a link valid for one hour is coming soon.</p>
          </>
        )}
      </SignedIn>
    </PlaceholderPage>
  );
}
