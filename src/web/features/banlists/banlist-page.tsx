import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function BanlistPage() {
  return (
    <PlaceholderPage title="Banlist">
      <p>The banlist with card images, filters and the .lflist.conf download is coming soon.</p>
      <p>Every dated version will be listed here, its cards grouped into Forbidden, Limited, Semi-Limited and Unlimited.</p>
    </PlaceholderPage>
  );
}
