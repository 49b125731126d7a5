import { PageHeader } from '../../components/ui/page-header.tsx';
import { useHostableCommunities } from '../../features/communities/api/get-my-communities.ts';
import { EventBoard } from '../../features/events/components/event-board.tsx';

/** Spec 2: the simpler Event Dashboard: the same tabs, cards and create/edit, without delete. */
export function EventsPage() {
  const hosts = useHostableCommunities();
  return (
    <>
      <title>Events · Townsquare</title>
      <PageHeader
        eyebrow="Event Dashboard"
        title="Events"
        description="Meetups, workshops and clean-ups near you, and the ones you are planning."
      />
      <EventBoard hosts={hosts} sortable />
    </>
  );
}
