import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useFriendRequests } from '../../features/friends/api/get-friend-requests.ts';
import { FriendRequests } from '../../features/friends/components/friend-requests.tsx';
import { FriendsList } from '../../features/friends/components/friends-list.tsx';
import { FriendGroupsPanel } from '../../features/groups/components/friend-groups-panel.tsx';
import { useFriends } from '../../lib/api/get-friends.ts';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';

const TABS = ['friends', 'requests', 'groups'] as const;
type Tab = (typeof TABS)[number];
/** Narrower on a phone, so the three tabs fit a 375 px screen. */
const TAB = 'px-3 sm:px-4';
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

function Count({ value, highlight = false }: { value: number | undefined; highlight?: boolean }) {
  if (value === undefined) return null;
  return (
    <span
      className={cn(
        'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-bold',
        highlight && value > 0 ? 'bg-brand-700 text-white' : 'bg-stone-200 text-stone-800',
      )}
    >
      {value}
    </span>
  );
}

/** Spec 2: tabs Friends (count), Friend Requests (count of received) and Groups; `?tab=` picks one. */
export function FriendsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'friends';
  const friends = useFriends();
  const requests = useFriendRequests();
  const t = useT();

  return (
    <>
      <title>{t('common.pageTitle', { title: t('friends.title') })}</title>
      <PageHeader title={t('friends.title')} description={t('friends.description')} />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'friends' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList aria-label={t('friends.sections')}>
          <TabsTrigger value="friends" className={TAB}>
            {t('friends.title')} <Count value={friends.data?.length} />
          </TabsTrigger>
          <TabsTrigger value="requests" className={TAB}>
            {/* "Friend Requests" for everyone; a phone shows "Requests" so the three tabs fit. */}
            <span className="max-sm:sr-only">{t('friends.requests')}</span>
            <span className="sm:hidden" aria-hidden="true">
              {t('friends.requestsShort')}
            </span>
            <Count value={requests.data?.received.length} highlight />
          </TabsTrigger>
          <TabsTrigger value="groups" className={TAB}>
            {t('friends.groups')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="friends">
          <h2 className="sr-only">{t('friends.yours')}</h2>
          <FriendsList />
        </TabsContent>
        <TabsContent value="requests">
          <FriendRequests />
        </TabsContent>
        <TabsContent value="groups">
          <FriendGroupsPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
