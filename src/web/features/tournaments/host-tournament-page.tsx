import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function HostTournamentPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title="Host a Tournament">
      <p>
        Hosting a tournament from series <span className="font-mono text-foreground">{id}</span> is coming soon.
      </p>
    </PlaceholderPage>
  );
}
