import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { VerifiedMark } from '../../../components/verified-mark.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCommunities } from '../api/list-communities.ts';
import { useSetCommunityVerified } from '../api/set-community-verified.ts';

/** Admin page: find communities by name, place or address (the biggest first) and verify them. */
export function AdminCommunities() {
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const list = useCommunities(q ? { q } : {});
  const verify = useSetCommunityVerified();
  const communities = list.data?.pages.flatMap((p) => p.communities) ?? [];
  const t = useT();
  return (
    <HeadedSection
      id="admin-communities"
      title={t('admin.tab.communities')}
      size="xl"
      className="mt-10 space-y-3"
    >
      <div className="max-w-md space-y-1.5">
        <Label htmlFor="admin-community-search">{t('admin.communities.search')}</Label>
        <Input
          id="admin-community-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('admin.communities.searchPlaceholder')}
        />
      </div>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
        {communities.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="font-medium text-stone-900">
              {c.name}
              <VerifiedMark
                verified={c.verified}
                label={t('admin.users.verified')}
                className="ml-1 inline size-4"
              />
              <span className="ml-2 text-sm font-normal text-stone-600">
                {t('communities.card.members', { count: c.memberCount })}
              </span>
            </span>
            <Button
              size="sm"
              variant={c.verified ? 'secondary' : 'primary'}
              onClick={() =>
                verify.mutate(
                  { id: c.id, value: !c.verified },
                  { onError: (err) => toast.error(errorMessage(err, t('admin.communities.verifyFailed'))) },
                )
              }
            >
              {c.verified
                ? t('admin.communities.unverify', { name: c.name })
                : t('admin.communities.verify', { name: c.name })}
            </Button>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
          {t('admin.communities.more')}
        </Button>
      ) : null}
    </HeadedSection>
  );
}
