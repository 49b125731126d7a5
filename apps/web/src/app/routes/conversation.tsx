import { ArrowLeft, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { DirectChat } from '../../features/chat/components/direct-chat.tsx';
import { BlockMenu } from '../../features/moderation/components/block-menu.tsx';
import { usePublicProfile } from '../../lib/api/get-public-profile.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** A direct conversation (spec 2), live: its room is joined while the page is open. */
export function ConversationPage() {
  const { userId = '' } = useParams();
  const { user } = useSession();
  const profile = usePublicProfile(userId);
  const t = useT();

  const backLink = (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to="/messages">
        <ArrowLeft aria-hidden="true" />
        {t('chat.conversation.back')}
      </Link>
    </Button>
  );

  if (profile.isError || user?.id === userId) {
    const self = user?.id === userId;
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <title>{t('common.pageTitle', { title: t('chat.conversation.title') })}</title>
        {backLink}
        <h1 className="sr-only">{t('chat.conversation.title')}</h1>
        <EmptyState
          icon={UserX}
          title={
            self
              ? t('chat.conversation.self')
              : notFound
                ? t('errors.PROFILE_NOT_FOUND')
                : errorMessage(profile.error, t('users.profile.loadFailed'))
          }
        >
          <p>{self ? t('chat.conversation.selfHint') : t('chat.conversation.goneHint')}</p>
        </EmptyState>
      </div>
    );
  }

  const name = profile.data ? (profile.data.username ?? profile.data.fullName) : '';
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <title>
        {name
          ? t('chat.conversation.pageTitle', { name })
          : t('common.pageTitle', { title: t('chat.conversation.title') })}
      </title>
      {backLink}
      <div className="flex items-center gap-3">
        {profile.data ? (
          <>
            <Avatar src={profile.data.profileImage} alt="" className="size-12 ring-0" />
            <div className="min-w-0 flex-1">
              <h1 className="truncate font-display text-2xl font-semibold sm:text-3xl">{name}</h1>
              <Link
                to={`/user/${userId}`}
                className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {t('chat.conversation.viewProfile')}
              </Link>
            </div>
            <BlockMenu userId={userId} name={name} />
          </>
        ) : (
          <>
            <Skeleton className="size-12 rounded-full" />
            <h1 className="sr-only">{t('chat.conversation.title')}</h1>
            <Skeleton className="h-8 w-40" />
          </>
        )}
      </div>
      <Card className="p-3 sm:p-5">
        <DirectChat
          userId={userId}
          name={name || t('chat.conversation.thisMember')}
          className="h-[calc(100dvh-22rem)] min-h-72"
        />
      </Card>
    </div>
  );
}
