import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function TournamentListPage() {
  return (
    <PlaceholderPage title="Ongoing & Upcoming Tournaments">
      <p>The full tournament list is coming soon. Until then, the home page features the latest tournaments.</p>
    </PlaceholderPage>
  );
}
