import type { Community } from '@townsquare/contracts';
import { MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { IconText } from '../../../components/ui/icon-text.tsx';
import { VerifiedMark } from '../../../components/verified-mark.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

const STATE_LABEL = {
  member: 'communities.card.member',
  pending: 'communities.card.requested',
  invited: 'communities.card.invited',
  banned: null,
} as const;
const ROLE_LABEL = {
  OWNER: 'communities.card.owner',
  ORGANIZER: 'communities.card.organiser',
  MEMBER: 'communities.card.member',
} as const;

/** A community in a list: image, name (verified badge), place, member count, my role or state. */
export function CommunityCard({ community }: { community: Community }) {
  const t = useT();
  const state =
    community.viewerState === 'member' && community.viewerRole
      ? ROLE_LABEL[community.viewerRole]
      : community.viewerState
        ? STATE_LABEL[community.viewerState]
        : null;
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        {community.imageUrl ? (
          <img
            src={community.imageUrl}
            alt=""
            className="size-12 shrink-0 rounded-xl object-cover"
            loading="lazy"
          />
        ) : null}
        <h3 className="min-w-0 flex-1 font-semibold text-stone-900">
          <Link to={`/c/${community.slug}`} className="hover:underline">
            {community.name}
          </Link>
          <VerifiedMark verified={community.verified} className="ml-1 inline size-4" />
        </h3>
        {state ? <Badge tone="brand">{t(state)}</Badge> : null}
      </div>
      {community.description ? (
        <p className="mt-1 line-clamp-2 text-sm text-stone-600">{community.description}</p>
      ) : null}
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
        <IconText icon={Users}>{t('communities.card.members', { count: community.memberCount })}</IconText>
        {community.location ? <IconText icon={MapPin}>{community.location}</IconText> : null}
      </p>
    </li>
  );
}
