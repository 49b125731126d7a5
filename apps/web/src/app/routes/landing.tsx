import { ArrowRight, BadgeCheck, CalendarPlus, HeartHandshake, Sparkles } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { WhenIdle } from '../../components/when-idle.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';

const NearYou = lazy(() =>
  import('../../features/places/components/near-you.tsx').then((m) => ({ default: m.NearYou })),
);

const HERO_IMAGE = '/images/hero-community.svg';

const reasons = [
  {
    icon: HeartHandshake,
    title: 'Community Connection',
    text: 'Discover the clubs, meetups and neighbours who share your interests, and turn familiar faces into friends.',
  },
  {
    icon: CalendarPlus,
    title: 'Host Events',
    text: 'Plan a run, a repair café or a book swap in minutes. Publish it live or keep it as a draft, then follow the RSVPs.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified Communities',
    text: 'Our team verifies clubs and organisations for safety and authenticity, so you know who is behind every event.',
  },
] as const;

const steps = [
  {
    n: '1',
    title: 'Create your free account',
    text: 'Sign up as yourself or as your club in under a minute.',
  },
  {
    n: '2',
    title: 'Tell us what you love',
    text: 'Pick your interests and roles so the right people find you.',
  },
  { n: '3', title: 'Show up', text: 'RSVP, chat with other attendees and meet your community in person.' },
] as const;

/** The hero picture, replaced by a drawn placeholder if it cannot be loaded. */
function HeroImage() {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label="Neighbours gathering in a town square"
        className="flex aspect-[4/3] w-full items-center justify-center rounded-[2rem] bg-[radial-gradient(circle_at_30%_30%,#fed7aa,transparent_55%),radial-gradient(circle_at_70%_70%,#99f6e4,transparent_50%),#ffedd5]"
      >
        <Sparkles className="size-16 text-brand-700" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={HERO_IMAGE}
      alt="Neighbours gathering in a town square"
      width={640}
      height={480}
      fetchPriority="high"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full rounded-[2rem] shadow-(--shadow-lift)"
    />
  );
}

export function LandingPage() {
  const { user } = useSession();
  const nearRef = useRef<HTMLDivElement>(null);
  const signedIn = Boolean(user);

  return (
    <>
      <title>Townsquare · Connect with your local community</title>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_10%_-10%,#ffedd5,transparent),radial-gradient(40rem_24rem_at_100%_10%,#ccfbf1,transparent)]"
        />
        <div className="container-page grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-2 lg:gap-16">
          <div className="space-y-6">
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-semibold text-brand-900">
              <Sparkles className="size-4" aria-hidden="true" />
              Local events, clubs and meetups
            </p>
            <h1 className="font-display text-4xl leading-[1.08] font-semibold tracking-tight sm:text-5xl lg:text-6xl">
              Connect with Your Local Community
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-stone-700">
              Townsquare is where neighbours find each other. Discover what is happening nearby, join the
              clubs that fit you and host gatherings of your own.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              {signedIn ? (
                <Button asChild size="lg">
                  <Link to="/dashboard">
                    Go to Dashboard
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : (
                <>
                  <Button asChild size="lg">
                    <Link to="/register">
                      Get Started
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                  <Button asChild size="lg" variant="secondary">
                    <Link to="/login">Sign In</Link>
                  </Button>
                </>
              )}
            </div>
          </div>
          <HeroImage />
        </div>
      </section>

      {/* "Happening near <city>" (issue 22): loaded once the page is idle and the reader nears it,
          so the first paint and the entry chunk stay as they were; the space is kept (no shift). */}
      <div ref={nearRef} className="container-page min-h-56 py-12">
        <WhenIdle near={nearRef}>
          <Suspense fallback={null}>
            <NearYou />
          </Suspense>
        </WhenIdle>
      </div>

      <section aria-labelledby="why-heading" className="bg-white py-16 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="why-heading" className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
              Why choose Townsquare?
            </h2>
            <p className="mt-3 text-lg text-stone-700">
              Everything a local community needs to meet, plan and stay in touch, without the noise of a
              global network.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-(--radius-card) border border-stone-200/80 bg-cream p-6 shadow-(--shadow-soft) sm:p-8"
              >
                <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-700 text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{title}</h3>
                <p className="mt-2 leading-relaxed text-stone-700">{text}</p>
                {title === 'Verified Communities' ? (
                  <Link
                    to="/communities?verified=true"
                    className="mt-3 inline-block font-semibold text-brand-800 underline-offset-4 hover:underline"
                  >
                    See verified communities
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="py-16 sm:py-24">
        <div className="container-page">
          <h2
            id="how-heading"
            className="text-center font-display text-3xl font-semibold tracking-tight sm:text-4xl"
          >
            How it works
          </h2>
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {steps.map((step) => (
              <li key={step.n} className="flex gap-4">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white"
                  aria-hidden="true"
                >
                  {step.n}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1 text-stone-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="pb-16 sm:pb-24">
        <div className="container-page">
          <div className="relative overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[radial-gradient(30rem_16rem_at_0%_0%,rgb(251_146_60/0.45),transparent),radial-gradient(24rem_14rem_at_100%_100%,rgb(45_212_191/0.3),transparent)]"
            />
            <div className="relative mx-auto max-w-2xl space-y-5">
              <h2
                id="cta-heading"
                className="font-display text-3xl font-semibold tracking-tight text-white sm:text-4xl"
              >
                {signedIn ? 'Your community is waiting' : 'Ready to meet your neighbours?'}
              </h2>
              <p className="text-lg text-brand-50">
                {signedIn
                  ? 'Pick up where you left off: see your events, friends and messages.'
                  : 'Join for free and find your people. It takes less than a minute.'}
              </p>
              <Button asChild size="lg" variant="inverse">
                <Link to={signedIn ? '/dashboard' : '/register'}>
                  {signedIn ? 'Go to Dashboard' : 'Get Started for Free'}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
