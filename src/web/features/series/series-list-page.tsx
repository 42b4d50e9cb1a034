import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function SeriesListPage() {
  return (
    <PlaceholderPage title="Series">
      <p>The list of series, the rule presets tournaments are hosted from, is coming soon.</p>
    </PlaceholderPage>
  );
}
