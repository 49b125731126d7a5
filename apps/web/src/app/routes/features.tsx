import { BadgeCheck, CalendarDays, MessageCircle, Search, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

const features = [
  {
    icon: UserRound,
    title: 'Profiles that say who you are',
    text: 'A photo, a short bio, your interests and your roles: member, club founder, sponsor or creator.',
  },
  {
    icon: CalendarDays,
    title: 'Events with RSVPs',
    text: 'Create events with a cover image, tags, cost and recurrence. Keep drafts, publish live and see who is coming.',
  },
  {
    icon: Users,
    title: 'Friends and groups',
    text: 'Send friend requests, keep a friends list and gather friends into groups for the things you do together.',
  },
  {
    icon: MessageCircle,
    title: 'Real-time chat',
    text: 'Direct messages, a town-wide general chat, a chat for every event and sub-groups for carpools or teams.',
  },
  {
    icon: Search,
    title: 'Search everything',
    text: 'Find people and events by name, interest or tag from one search box.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified communities',
    text: 'Clubs and organisations checked by our team carry a verified badge, so you know who is hosting.',
  },
] as const;

export function FeaturesPage() {
  return (
    <>
      <title>Features · Townsquare</title>
      <PageHeader
        eyebrow="Features"
        title="Everything your community needs"
        description="Townsquare keeps the tools simple so the time goes into meeting people, not managing software."
      />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="rounded-(--radius-card) border border-stone-200/80 bg-white p-6 shadow-(--shadow-soft)"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h2 className="mt-4 text-lg font-semibold">{title}</h2>
            <p className="mt-1.5 text-stone-700">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-start gap-4 rounded-(--radius-card) bg-sand p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 className="text-xl font-semibold">Free for everyone</h2>
          <p className="mt-1 text-stone-700">
            No ads, no premium tier. Townsquare is open source and always will be.
          </p>
        </div>
        <Button asChild>
          <Link to="/register">Get Started</Link>
        </Button>
      </div>
    </>
  );
}
