import { Bell, FileDown, KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { SessionsCard } from '../../features/auth/components/sessions-card.tsx';
import { BlockedPeopleCard } from '../../features/blocks/components/blocked-people-card.tsx';
import { CalendarFeedCard } from '../../features/calendar/components/calendar-feed-card.tsx';
import { MyReportsCard } from '../../features/moderation/components/my-reports-card.tsx';
import { ChangePasswordForm } from '../../features/users/components/change-password-form.tsx';
import { DownloadDataButton } from '../../features/users/components/download-data-button.tsx';
import { NotificationPreferencesForm } from '../../features/users/components/notification-preferences-form.tsx';

// The home city card (issue 22) in a chunk of its own: the route's preload list stays short.
const HomeCityCard = lazy(() =>
  import('../../features/places/components/home-city-card.tsx').then((m) => ({ default: m.HomeCityCard })),
);

export function SettingsPage() {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-3xl">
      <title>Settings · Townsquare</title>
      <PageHeader
        title="Settings"
        description="Your password, where you are signed in, the emails we send you and your data."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <KeyRound className="size-5 text-brand-700" aria-hidden="true" />
              Change password
            </CardTitle>
            <CardDescription>
              Changing your password signs you out on your other devices, so an old session cannot be reused.
              You stay signed in here.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        {user ? (
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <HomeCityCard key={user.id} user={user} />
          </Suspense>
        ) : null}
        <SessionsCard />
        <BlockedPeopleCard />
        <CalendarFeedCard />
        <MyReportsCard />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Bell className="size-5 text-brand-700" aria-hidden="true" />
              Email notifications
            </CardTitle>
            <CardDescription>
              Choose which emails you would like to receive, and which notifications reach this browser as
              push notifications.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <NotificationPreferencesForm key={user?.id} initial={user?.notificationPreferences} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <FileDown className="size-5 text-brand-700" aria-hidden="true" />
              Your data
            </CardTitle>
            <CardDescription>
              A JSON file with your profile, the events you created, your RSVPs, friends, groups and every
              message you sent.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DownloadDataButton />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
