import { ArrowRight, CalendarDays, MessageCircle, Search, Settings, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner.tsx';
import { RoleBadge } from '../../features/users/components/role-badge.tsx';
import { displayName } from '../../lib/format.ts';

const upcoming = [
  {
    icon: CalendarDays,
    title: 'Event management',
    text: 'Create events, save drafts, publish them live and follow RSVPs, all from this dashboard.',
  },
  {
    icon: Search,
    title: 'Search',
    text: 'Find people and events around you by name, interest or tag.',
  },
  {
    icon: MessageCircle,
    title: 'Real-time chat',
    text: 'Direct messages, a town-wide group chat and a chat room for every event.',
  },
] as const;

export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  const name = displayName(user);

  return (
    <div className="space-y-8">
      <title>Dashboard · Townsquare</title>
      <div className="space-y-2">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">Dashboard</p>
        <h1 className="font-display text-3xl font-semibold tracking-tight break-words sm:text-4xl">
          Welcome back, {user.username ?? name}!
        </h1>
        <p className="text-stone-700">Here is your corner of Townsquare.</p>
      </div>

      {!user.emailVerified ? <VerifyEmailBanner email={user.email} /> : null}

      <div className="grid gap-5 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center gap-4">
            <Avatar src={user.profileImage} alt="" className="size-16" />
            <div className="min-w-0">
              <CardTitle className="truncate">{user.fullName}</CardTitle>
              <CardDescription className="truncate">@{user.username}</CardDescription>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {user.roles.map((role) => (
                  <RoleBadge key={role} role={role} />
                ))}
              </div>
            </div>
          </CardHeader>
          <CardContent className="space-y-4">
            {user.interests.length > 0 ? (
              <div>
                <h2 className="mb-2 text-sm font-semibold text-stone-800">Your interests</h2>
                <ul className="flex flex-wrap gap-1.5">
                  {user.interests.map((interest) => (
                    <li key={interest}>
                      <Badge tone="brand">{interest}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
              <Link to="/profile" className="inline-flex items-center gap-1.5 text-brand-800 hover:underline">
                <UserRound className="size-4" aria-hidden="true" />
                View your profile
              </Link>
              <Link
                to="/settings"
                className="inline-flex items-center gap-1.5 text-brand-800 hover:underline"
              >
                <Settings className="size-4" aria-hidden="true" />
                Settings
              </Link>
              <Link
                to={`/user/${user.id}`}
                className="inline-flex items-center gap-1.5 text-brand-800 hover:underline"
              >
                See your public page
              </Link>
            </div>
          </CardContent>
        </Card>

        <Link
          to="/friends"
          className="group flex flex-col justify-between gap-4 rounded-(--radius-card) bg-brand-800 p-6 text-white shadow-(--shadow-soft) transition-colors hover:bg-brand-900"
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-white/15">
            <Users className="size-6" aria-hidden="true" />
          </span>
          <span>
            <span className="block text-lg font-semibold">Friend Requests</span>
            <span className="mt-1 block text-sm text-brand-50">
              See who wants to connect and grow your circle.
            </span>
          </span>
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold">
            Open friends
            <ArrowRight
              className="size-4 transition-transform group-hover:translate-x-0.5"
              aria-hidden="true"
            />
          </span>
        </Link>
      </div>

      <section aria-labelledby="coming-next" className="space-y-4">
        <h2 id="coming-next" className="font-display text-2xl font-semibold">
          Coming next to your dashboard
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {upcoming.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-(--radius-card) border border-dashed border-stone-300 bg-white/70 p-5"
            >
              <Icon className="size-6 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
