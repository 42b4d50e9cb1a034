import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export function SeriesFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <PlaceholderPage title={mode === 'create' ? 'New Series' : 'Edit Series'}>
      <p>
        The series form, with its metadata, procedure, base settings, rules and filters, is coming soon.
      </p>
    </PlaceholderPage>
  );
}
