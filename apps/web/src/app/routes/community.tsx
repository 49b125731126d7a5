import { MapPin, Users } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ShareButtons } from '../../components/share-buttons.tsx';
import { Badge, TagList } from '../../components/ui/badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { HeadedSection } from '../../components/ui/headed-section.tsx';
import { IconText } from '../../components/ui/icon-text.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { FeaturedRecaps } from '../../features/albums/components/featured-recaps.tsx';
import { useCommunity } from '../../features/communities/api/get-community.ts';
import { useCommunityEvents } from '../../features/communities/api/get-community-events.ts';
import { CommunityAnnouncements } from '../../features/communities/components/community-announcements.tsx';
import { EventList } from '../../features/communities/components/community-events.tsx';
import { CommunityPeople } from '../../features/communities/components/community-people.tsx';
import { usePageOrigin } from '../../features/events/share-links.ts';
import { CommunitySponsors } from '../../features/sponsors/components/community-sponsors.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { NotFoundPage } from './not-found.tsx';

// The event form (and the validation it shares with the server) loads when an organiser opens it.
const EventFormDialog = lazyComponent(
  () => import('../../features/events/components/event-form-dialog.tsx'),
  'EventFormDialog',
);
// What only a signed-in visitor or a member sees loads when it is shown: the page a signed-out
// visitor opens from a link (rendered by the server and hydrated, decision 025) parses none of it,
// and the server never meets these boundaries.
const importExport = () => import('../../features/communities/components/community-import-export.tsx');
const CommunityActions = lazyComponent(
  () => import('../../features/communities/components/community-actions.tsx'),
  'CommunityActions',
);
const InvitationBanner = lazyComponent(importExport, 'InvitationBanner');
const ShareEmailSetting = lazyComponent(importExport, 'ShareEmailSetting');
const CommunityImportExport = lazyComponent(importExport, 'CommunityImportExport');
const CommunityMembers = lazyComponent(
  () => import('../../features/communities/components/community-members.tsx'),
  'CommunityMembers',
);
const CommunitySettings = lazyComponent(
  () => import('../../features/communities/components/community-settings.tsx'),
  'CommunitySettings',
);
const CommunityPolls = lazyComponent(
  () => import('../../features/polls/components/community-polls.tsx'),
  'CommunityPolls',
);
const CommunitySponsorSettings = lazyComponent(
  () => import('../../features/sponsors/components/community-sponsor-settings.tsx'),
  'CommunitySponsorSettings',
);
const GroupChat = lazyComponent(() => import('../../features/groups/components/group-chat.tsx'), 'GroupChat');

/** A lazy part's place while its chunk loads. */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-10 w-40" />}>{children}</Suspense>;
}

/** A community's page: header with the join button, tabs About, Events, Members, Chat (and Manage). */
export function CommunityPage() {
  const t = useT();
  const { slug = '' } = useParams();
  const { user } = useSession();
  const { data: community, isPending, isError } = useCommunity(slug);
  const member = community?.viewerState === 'member';
  const canSeeEvents = community ? community.visibility === 'PUBLIC' || member : false;
  const events = useCommunityEvents(slug, 'upcoming', canSeeEvents);
  const invited = useSearchParams()[0].has('invite');
  const origin = usePageOrigin();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  if (isPending) return <Skeleton className="h-48 w-full" />;
  if (isError || !community) return <NotFoundPage />;
  const organizer = member && (community.viewerRole === 'OWNER' || community.viewerRole === 'ORGANIZER');

  return (
    <article>
      {invited ? (
        <Suspense fallback={null}>
          <InvitationBanner community={community} signedIn={Boolean(user)} />
        </Suspense>
      ) : null}
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-4">
          {community.imageUrl ? (
            <img src={community.imageUrl} alt="" className="size-20 shrink-0 rounded-2xl object-cover" />
          ) : null}
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {community.name}
              <VerifiedMark verified={community.verified} className="ml-2 inline size-6" />
            </h1>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
              {community.location ? <IconText icon={MapPin}>{community.location}</IconText> : null}
              <IconText icon={Users}>
                {t('communities.card.members', { count: community.memberCount })}
              </IconText>
              {community.visibility === 'PRIVATE' ? (
                <Badge tone="neutral">{t('communities.page.private')}</Badge>
              ) : null}
            </p>
          </div>
        </div>
        {user ? (
          <Later>
            <CommunityActions
              slug={slug}
              community={community}
              organizer={organizer}
              onCreateEvent={() => setCreating(true)}
            />
          </Later>
        ) : (
          // Signed out: sign in, then come back here to join.
          <Link
            to="/login"
            state={{ from: { pathname: `/c/${community.slug}` } }}
            className={buttonVariants({ variant: 'secondary' })}
          >
            {t('communities.page.signInToJoin')}
          </Link>
        )}
      </header>
      {creating ? (
        <Suspense fallback={null}>
          <EventFormDialog
            open
            hosts={[{ id: community.id, name: community.name }]}
            hostAsDefault={community.id}
            onOpenChange={(open) => (open ? undefined : setCreating(false))}
            onSaved={(saved) => navigate(`/event/${saved.id}`)}
          />
        </Suspense>
      ) : null}
      <Tabs defaultValue="about">
        <TabsList aria-label={t('communities.page.sections')} className="flex-wrap rounded-2xl">
          <TabsTrigger value="about">{t('communities.page.about')}</TabsTrigger>
          <TabsTrigger value="events">{t('communities.page.events')}</TabsTrigger>
          {member ? <TabsTrigger value="members">{t('communities.page.members')}</TabsTrigger> : null}
          {member ? <TabsTrigger value="chat">{t('communities.page.chat')}</TabsTrigger> : null}
          {organizer ? <TabsTrigger value="manage">{t('communities.page.manage')}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="about">
          <p className="max-w-2xl whitespace-pre-line text-stone-800">
            {community.description || t('communities.page.noDescription')}
          </p>
          <TagList
            tags={community.tags}
            label={t('communities.page.tags')}
            className="mt-4 flex flex-wrap gap-2"
          />
          {events.data?.events[0] ? (
            <HeadedSection
              id="community-next"
              title={t('communities.page.nextEvent')}
              className="mt-6 space-y-2"
            >
              <EventList events={events.data.events.slice(0, 1)} loading={false} empty="" />
            </HeadedSection>
          ) : null}
          <FeaturedRecaps slug={community.slug} />
          <CommunityPeople slug={community.slug} canRead={canSeeEvents} />
          <CommunitySponsors slug={community.slug} canRead={canSeeEvents} />
          <HeadedSection id="community-share" title={t('communities.page.share')} className="mt-6 space-y-2">
            <ShareButtons
              title={community.name}
              url={origin ? `${origin}/c/${encodeURIComponent(community.slug)}` : ''}
            />
          </HeadedSection>
          <CommunityAnnouncements slug={community.slug} canRead={canSeeEvents} organizer={organizer} />
        </TabsContent>
        <TabsContent value="events">
          {canSeeEvents ? (
            <EventList
              events={events.data?.events}
              loading={events.isPending}
              empty={t('communities.page.noEvents')}
            />
          ) : (
            <p className="text-stone-700">{t('communities.page.privateEvents')}</p>
          )}
          {member ? (
            <div className="mt-8">
              <Later>
                <CommunityPolls communityId={community.id} organizer={organizer} />
              </Later>
            </div>
          ) : null}
        </TabsContent>
        {member ? (
          <TabsContent value="members">
            <Later>
              <ShareEmailSetting slug={community.slug} />
              <CommunityMembers community={community} />
            </Later>
          </TabsContent>
        ) : null}
        {member ? (
          <TabsContent value="chat">
            <Later>
              <GroupChat
                group={{ kind: 'community', id: community.id, slug: community.slug }}
                name={community.name}
                canModerate={organizer}
              />
            </Later>
          </TabsContent>
        ) : null}
        {organizer ? (
          <TabsContent value="manage">
            <Later>
              <CommunitySettings community={community} />
              <CommunityImportExport community={community} />
              <CommunitySponsorSettings community={community} />
            </Later>
          </TabsContent>
        ) : null}
      </Tabs>
    </article>
  );
}
