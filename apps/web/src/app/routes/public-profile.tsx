import { CalendarDays, Pencil, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { FriendButton } from '../../features/friends/components/friend-button.tsx';
import { BlockMenu } from '../../features/moderation/components/block-menu.tsx';
import {
  InterestBadges,
  PersonBadges,
  ProfileSection,
} from '../../features/users/components/profile-section.tsx';
import { usePublicProfile } from '../../lib/api/get-public-profile.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { formatJoinedDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/intl.tsx';

export function PublicProfilePage() {
  const { userId = '' } = useParams();
  const profile = usePublicProfile(userId);
  const { user } = useSession();
  const t = useT();

  if (profile.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" role="status" aria-label={t('users.profile.loading')}>
        <Skeleton className="h-40 rounded-(--radius-card)" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-20" />
      </div>
    );
  }

  if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="mx-auto max-w-xl">
        <title>{t('common.pageTitle', { title: t('errors.PROFILE_NOT_FOUND') })}</title>
        <h1 className="sr-only">{t('nav.profile')}</h1>
        <EmptyState
          icon={UserX}
          title={
            notFound
              ? t('errors.PROFILE_NOT_FOUND')
              : errorMessage(profile.error, t('users.profile.loadFailed'))
          }
          actions={
            <Button asChild variant="secondary">
              <Link to={user ? '/dashboard' : '/'}>
                {user ? t('users.profile.backDashboard') : t('common.backHome')}
              </Link>
            </Button>
          }
        >
          <p>{t('users.profile.goneHint')}</p>
        </EmptyState>
      </div>
    );
  }

  const person = profile.data;
  const name = person.username ?? person.fullName;
  const isSelf = user?.id === person.id;
  return (
    <div className="mx-auto max-w-3xl">
      <title>{t('common.pageTitle', { title: name })}</title>
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className="h-32 bg-[radial-gradient(circle_at_20%_30%,#fdba74_0,transparent_45%),radial-gradient(circle_at_80%_60%,#5eead4_0,transparent_40%),linear-gradient(135deg,#c2410c,#9a3412)] sm:h-40"
        />
        <div className="px-5 pb-8 sm:px-8">
          <div className="-mt-14 flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:text-left">
            <Avatar
              src={person.profileImage}
              alt={t('users.pictureOf', { name })}
              className="size-28 ring-4"
            />
            <div className="min-w-0 flex-1 space-y-1 sm:pb-1">
              <h1 className="font-display text-3xl font-semibold">{name}</h1>
              {person.username ? <p className="text-stone-700">{person.fullName}</p> : null}
            </div>
            {isSelf ? (
              <Button asChild variant="secondary" size="sm">
                <Link to="/profile">
                  <Pencil aria-hidden="true" />
                  {t('users.profile.editYours')}
                </Link>
              </Button>
            ) : (
              <div className="flex items-center gap-1 sm:pb-1">
                <FriendButton userId={person.id} />
                {user ? (
                  <BlockMenu
                    userId={person.id}
                    name={name}
                    report={{
                      subjectType: 'user',
                      subjectId: person.id,
                      label: t('users.profile.reportLabel', { name }),
                    }}
                  />
                ) : null}
              </div>
            )}
          </div>

          <div className="mt-6 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            <PersonBadges person={person} />
            <span className="inline-flex items-center gap-1.5 text-sm text-stone-700">
              <CalendarDays className="size-4" aria-hidden="true" />
              {t('users.profile.joined', { date: formatJoinedDate(person.createdAt) })}
            </span>
          </div>

          <ProfileSection id="about-heading" title={t('users.profile.about')} level="h2" className="mt-8">
            <p className="whitespace-pre-line text-stone-800">
              {person.bio || t('users.profile.noBio', { name })}
            </p>
          </ProfileSection>

          {person.interests.length > 0 ? (
            <ProfileSection id="interests-heading" title={t('users.interests')} level="h2" className="mt-6">
              <InterestBadges interests={person.interests} />
            </ProfileSection>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
