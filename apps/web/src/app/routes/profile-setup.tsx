import { Card, CardContent } from '../../components/ui/card.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { ProfileSetupForm } from '../../features/users/components/profile-setup-form.tsx';

export function ProfileSetupPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl">
      <title>Complete your profile · Townsquare</title>
      <div className="mb-8 space-y-2 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">One last step</p>
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          Complete Your Profile
        </h1>
        <p className="text-stone-700">
          Welcome, {user.fullName}! Tell your neighbours a little about yourself so they know who they are
          meeting.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6 sm:pt-8">
          <ProfileSetupForm user={user} />
        </CardContent>
      </Card>
    </div>
  );
}
