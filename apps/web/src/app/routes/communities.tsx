import { Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useCommunities } from '../../features/communities/api/list-communities.ts';
import { CommunityCard } from '../../features/communities/components/community-card.tsx';
import { CreateCommunityDialog } from '../../features/communities/components/create-community-dialog.tsx';
import { useMyCommunities } from '../../lib/api/get-my-communities.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** Discover communities (search by name, tag and place; verified only), "your communities" first. */
export function CommunitiesPage() {
  const t = useT();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const tag = params.get('tag') ?? '';
  const verified = params.get('verified') === 'true';
  const [draft, setDraft] = useState(q);
  const list = useCommunities({ q: q || undefined, tag: tag || undefined, verified });
  const mine = useMyCommunities(Boolean(user));
  const found = list.data?.pages.flatMap((p) => p.communities) ?? [];
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={t('communities.list.title')}
        description={t('communities.list.description')}
        actions={user ? <CreateCommunityDialog /> : null}
      />
      {mine.data?.length ? (
        <section aria-labelledby="mine-heading" className="mb-10">
          <h2 id="mine-heading" className="mb-3 text-lg font-semibold text-stone-900">
            {t('communities.list.mine')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {mine.data.map((c) => (
              <CommunityCard key={c.id} community={c} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="discover-heading">
        <h2 id="discover-heading" className="mb-3 text-lg font-semibold text-stone-900">
          {t('communities.list.discover')}
        </h2>
        <form
          className="mb-4 flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            set('q', draft.trim());
          }}
        >
          <label htmlFor="community-search" className="sr-only">
            {t('communities.list.searchLabel')}
          </label>
          <Input
            id="community-search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('communities.list.searchPlaceholder')}
            className="max-w-xs"
          />
          <Button type="submit" variant="secondary">
            {t('communities.list.search')}
          </Button>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={verified}
              onChange={(e) => set('verified', e.target.checked ? 'true' : '')}
              className="size-4"
            />
            {t('communities.list.verifiedOnly')}
          </label>
          {tag ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => set('tag', '')}>
              {t('communities.list.tag', { tag })}
            </Button>
          ) : null}
        </form>
        {list.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : found.length === 0 ? (
          <EmptyState icon={Users} title={t('communities.list.none')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {found.map((c) => (
              <CommunityCard key={c.id} community={c} />
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? t('communities.list.loading') : t('communities.list.more')}
          </Button>
        ) : null}
      </section>
    </>
  );
}
