import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { LoadFailedRetry } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ProfileDetails } from '../../features/users/components/profile-details.tsx';
import { ProfileEditForm } from '../../features/users/components/profile-edit-form.tsx';
import { useMe } from '../../lib/api/get-me.ts';
import { useT } from '../../lib/i18n/intl.tsx';

function ProfileSkeleton() {
  const t = useT();
  return (
    <div className="space-y-6" role="status" aria-label={t('users.profile.loading')}>
      <div className="flex items-center gap-5">
        <Skeleton className="size-28 rounded-full" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-16" />
      <Skeleton className="h-24" />
    </div>
  );
}

export function ProfilePage() {
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const t = useT();

  return (
    <div className="mx-auto max-w-3xl">
      <title>{t('common.pageTitle', { title: t('users.profile.title') })}</title>
      <PageHeader
        title={editing ? t('users.profile.edit') : t('users.profile.title')}
        description={editing ? t('users.profile.editDescription') : t('users.profile.description')}
        actions={
          !editing && me.data ? (
            <Button onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('users.profile.edit')}
            </Button>
          ) : null
        }
      />
      <Card>
        <CardContent className="pt-6 sm:pt-8">
          {me.isPending ? (
            <ProfileSkeleton />
          ) : me.isError ? (
            <LoadFailedRetry
              message={t('users.profile.loadFailedRetry')}
              retryLabel={t('chat.tryAgain')}
              query={me}
            />
          ) : editing ? (
            <ProfileEditForm user={me.data} onDone={() => setEditing(false)} />
          ) : (
            <ProfileDetails user={me.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
