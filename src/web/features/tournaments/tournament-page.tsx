import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TournamentPage() {
  const { uid = '' } = useParams();
  return (
    <PlaceholderPage title="Tournament">
      <p>
        The page of tournament <span className="font-mono text-foreground">{uid}</span>, with sign-up, decks, rounds,
        scores and standings, is coming soon.
      </p>
    </PlaceholderPage>
  );
}
