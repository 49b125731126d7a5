import { useQueries } from '@tanstack/react-query';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { useMyCommunities } from '../../../lib/api/get-my-communities.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { communityEventsQueryOptions } from '../api/get-community-events.ts';
import { EventList } from './community-events.tsx';

/** Dashboard: upcoming events of the communities I belong to (the first 10 communities), soonest first. */
export function FromYourCommunities() {
  const t = useT();
  const mine = useMyCommunities();
  const joined = (mine.data ?? []).filter((c) => c.viewerState === 'member').slice(0, 10);
  const results = useQueries({ queries: joined.map((c) => communityEventsQueryOptions(c.slug, 'upcoming')) });
  if (!mine.data || joined.length === 0) return null;
  const seen = new Set<string>();
  const events = results
    .flatMap((r) => r.data?.events ?? [])
    .filter((e) => {
      if (seen.has(e.id)) return false;
      seen.add(e.id);
      return true;
    })
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .slice(0, 8);
  return (
    <HeadedSection id="from-communities" title={t('communities.yours.title')} size="xl" className="space-y-3">
      <EventList
        events={events}
        loading={results.some((r) => r.isPending)}
        empty={t('communities.yours.empty')}
      />
    </HeadedSection>
  );
}
