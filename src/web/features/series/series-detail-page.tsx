import { Link, useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function SeriesDetailPage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title="Series">
      <p>
        The details of series <span className="font-mono text-foreground">{id}</span> (overview, gameplay, match
        parameters, deck limits, rules and filters) are coming soon.
      </p>
      <p>
        <Link to="/series" className="rounded font-medium text-primary hover:underline">
          Back to list
        </Link>
      </p>
    </PlaceholderPage>
  );
}
