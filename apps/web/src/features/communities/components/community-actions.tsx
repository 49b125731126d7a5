import type { Community } from '@townsquare/contracts';
import { CalendarPlus } from 'lucide-react';
import { JoinButton } from '../../../components/groups/membership.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useJoinGroup, useLeaveGroup } from '../../../lib/groups/membership.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { ContentMenu } from '../../moderation/components/content-menu.tsx';
import { CommunityNotifications } from './community-notifications.tsx';

/**
 * The community page's controls for a signed-in visitor: "Create event" for organisers, join or
 * leave, the report menu, the member's notification choice. Its own chunk (app/routes/community.tsx
 * loads it lazily), so the page a signed-out visitor opens parses none of it.
 */
export function CommunityActions({
  slug,
  community,
  organizer,
  onCreateEvent,
}: {
  /** The page's slug, as its queries are keyed. */
  slug: string;
  community: Community;
  organizer: boolean;
  onCreateEvent: () => void;
}) {
  const t = useT();
  const group = { kind: 'community', id: community.id, slug } as const;
  const join = useJoinGroup(group);
  const leave = useLeaveGroup(group);
  return (
    <div className="flex flex-col items-start gap-3 sm:items-end">
      {organizer ? (
        <Button onClick={onCreateEvent}>
          <CalendarPlus aria-hidden="true" />
          {t('communities.page.createEvent')}
        </Button>
      ) : null}
      <div className="flex items-center gap-1">
        <JoinButton group={community} join={join} leave={leave} leaveLabel={t('communities.page.leave')} />
        {community.viewerRole === 'OWNER' ? null : (
          <ContentMenu
            name={t('communities.page.moreActions', { name: community.name })}
            report={{ subjectType: 'community', subjectId: community.id, label: community.name }}
          />
        )}
      </div>
      {community.viewerState === 'member' ? <CommunityNotifications community={community} /> : null}
    </div>
  );
}
