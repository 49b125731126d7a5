import { PageHeader } from '../../components/ui/page-header.tsx';
import { useHostableCommunities } from '../../features/communities/api/get-my-communities.ts';
import { EventBoard } from '../../features/events/components/event-board.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** Spec 2: the simpler Event Dashboard: the same tabs, cards and create/edit, without delete. */
export function EventsPage() {
  const hosts = useHostableCommunities();
  const t = useT();
  return (
    <>
      <title>{t('events.page.pageTitle')}</title>
      <PageHeader
        eyebrow={t('events.page.eyebrow')}
        title={t('events.page.title')}
        description={t('events.page.description')}
      />
      <EventBoard hosts={hosts} sortable />
    </>
  );
}
