import { useEffect, useState, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import type { Tournament } from '../../../../domain/api/tournaments.ts';
import type { CurrentUser } from '../../../../domain/api/users.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { ActionsSection } from './admin-actions.tsx';
import { SettingsSection } from './admin-settings.tsx';
import { TeamsSection } from './admin-teams.tsx';
import { useTeamFocus } from '../team-focus.ts';

const SECTIONS = [
  { id: 'actions', label: 'Actions' },
  { id: 'settings', label: 'Settings' },
  { id: 'teams', label: 'Teams' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

/** Spec 2 §2 'Admin Tools' (privileged users): Actions, Settings, Teams; tabs below 768 px. */
export function AdminTools({ tournament: t, user }: { tournament: Tournament; user: CurrentUser }) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [tab, setTab] = useState<SectionId>('actions');
  // a team named by the attention panel opens in Teams
  const { request } = useTeamFocus();
  useEffect(() => {
    if (request) setTab('teams');
  }, [request]);
  const content: Record<SectionId, ReactNode> = {
    actions: <ActionsSection tournament={t} />,
    settings: <SettingsSection tournament={t} user={user} />,
    teams: <TeamsSection tournament={t} user={user} />,
  };

  return (
    <section aria-labelledby="admin-tools-title" className="rounded-xl border bg-card shadow-sm" data-testid="admin-tools">
      <h2 id="admin-tools-title" className="border-b px-4 py-3 text-lg font-semibold">
        Admin Tools
      </h2>
      {isMobile ? (
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as SectionId)}>
          <Tabs.List aria-label="Admin Tools" className="grid grid-cols-3 border-b">
            {SECTIONS.map((s) => (
              <Tabs.Trigger
                key={s.id}
                value={s.id}
                className="border-b-2 border-transparent px-2 py-2.5 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-primary"
              >
                {s.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {SECTIONS.map((s) => (
            <Tabs.Content key={s.id} value={s.id} className="p-4">
              {content[s.id]}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <div className="divide-y">
          {SECTIONS.map((s) => (
            <section key={s.id} aria-labelledby={`admin-${s.id}`} className="space-y-3 p-4">
              <h3 id={`admin-${s.id}`} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {s.label}
              </h3>
              {content[s.id]}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
