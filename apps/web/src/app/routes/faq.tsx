import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';

const questions = [
  {
    q: 'Is Townsquare free?',
    a: 'Yes. Townsquare is free for members and organisers, has no ads and is open-source software.',
  },
  {
    q: 'Can I sign up as a club or business?',
    a: 'Yes. Registration takes a personal or an organisation name, so a running club, a library or a café can have its own account. Choose the Club Founder or Sponsor role during profile setup.',
  },
  {
    q: 'What does "verified community" mean?',
    a: 'Our team has checked that a club or organisation is who it says it is, for example by talking to its organisers and looking at its public presence. Verified accounts carry a badge.',
  },
  {
    q: 'Why do I need to verify my email address?',
    a: 'It proves the address is yours, so we can send you password resets and important account notices. Look for the link in the email we sent when you registered; you can request a new one from your dashboard.',
  },
  {
    q: 'I forgot my password. What now?',
    a: 'Use "Forgot your password?" on the sign-in page. We will email you a link that lets you choose a new password; it works for 60 minutes.',
  },
  {
    q: 'Who can see my profile?',
    a: 'Your public profile shows your username, name, picture, bio, interests, roles and when you joined. Your email address and phone number are never shown to other members.',
  },
  {
    q: 'Can I delete my account?',
    a: 'Yes. Write to support@townsquare.community from the address you signed up with and we will delete your account and your data within 30 days.',
  },
] as const;

export function FaqPage() {
  return (
    <>
      <title>FAQ · Townsquare</title>
      <PageHeader
        eyebrow="FAQ"
        title="Frequently asked questions"
        description="Quick answers to what people ask us most."
      />
      <div className="max-w-3xl space-y-3">
        {questions.map(({ q, a }) => (
          <details
            key={q}
            className="group rounded-2xl border border-stone-200/80 bg-white px-5 py-4 shadow-(--shadow-soft) open:pb-5"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
              {q}
              <ChevronDown
                className="size-5 shrink-0 text-stone-600 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="mt-3 leading-relaxed text-stone-700">{a}</p>
          </details>
        ))}
      </div>
      <p className="mt-10 text-stone-700">
        Still stuck?{' '}
        <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-2">
          Contact us
        </Link>
        .
      </p>
    </>
  );
}
