import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { CreatePollForm } from '../../features/polls/components/create-poll-form.tsx';
import { useHostableCommunities } from '../../lib/api/get-my-communities.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** "Find a date": propose dates, let people answer, then make the best one the event. */
export function NewPollPage() {
  const hosts = useHostableCommunities();
  const [params] = useSearchParams();
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl">
      <title>{t('polls.new.pageTitle')}</title>
      <PageHeader
        eyebrow={t('polls.new.eyebrow')}
        title={t('polls.new.title')}
        description={t('polls.new.description')}
      />
      <CreatePollForm hosts={hosts} communityId={params.get('community') ?? undefined} />
    </div>
  );
}
