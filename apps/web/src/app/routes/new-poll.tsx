import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useHostableCommunities } from '../../features/communities/api/get-my-communities.ts';
import { CreatePollForm } from '../../features/polls/components/create-poll-form.tsx';

/** "Find a date": propose dates, let people answer, then make the best one the event. */
export function NewPollPage() {
  const hosts = useHostableCommunities();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-2xl">
      <title>Find a date · Townsquare</title>
      <PageHeader
        eyebrow="Date poll"
        title="Find a date"
        description="Propose a few dates, see which suits most people, then make it the event."
      />
      <CreatePollForm hosts={hosts} communityId={params.get('community') ?? undefined} />
    </div>
  );
}
