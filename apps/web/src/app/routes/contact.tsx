import { LifeBuoy, Mail, Newspaper, ShieldAlert } from 'lucide-react';
import { PageHeader } from '../../components/ui/page-header.tsx';

const channels = [
  {
    icon: LifeBuoy,
    title: 'Help with your account',
    text: 'Trouble signing in, a lost password or a profile question.',
    email: 'support@townsquare.community',
  },
  {
    icon: ShieldAlert,
    title: 'Report a safety concern',
    text: 'An event, message or profile that breaks the Community Guides. We answer within 24 hours.',
    email: 'safety@townsquare.community',
  },
  {
    icon: Mail,
    title: 'Get your club verified',
    text: 'Tell us about your club or organisation and we will walk you through verification.',
    email: 'communities@townsquare.community',
  },
  {
    icon: Newspaper,
    title: 'Press and partnerships',
    text: 'Stories, interviews and local partnerships.',
    email: 'hello@townsquare.community',
  },
] as const;

export function ContactPage() {
  return (
    <>
      <title>Contact · Townsquare</title>
      <PageHeader
        eyebrow="Contact"
        title="We would love to hear from you"
        description="Pick the address that fits best and a real person will answer, usually within two working days."
      />
      <ul className="grid gap-5 sm:grid-cols-2">
        {channels.map(({ icon: Icon, title, text, email }) => (
          <li
            key={email}
            className="rounded-(--radius-card) border border-stone-200/80 bg-white p-6 shadow-(--shadow-soft)"
          >
            <Icon className="size-6 text-brand-700" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold">{title}</h2>
            <p className="mt-1 text-stone-700">{text}</p>
            <a
              href={`mailto:${email}`}
              className="mt-3 inline-block font-semibold break-all text-brand-800 underline underline-offset-2"
            >
              {email}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-10 max-w-2xl text-stone-700">
        Found a bug or have an idea? Townsquare is open source: you can also open an issue in our public
        repository, where the whole community can follow the discussion.
      </p>
    </>
  );
}
