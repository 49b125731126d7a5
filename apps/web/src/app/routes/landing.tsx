import { ArrowRight, BadgeCheck, CalendarPlus, HeartHandshake, Sparkles } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { WhenIdle } from '../../components/when-idle.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';

const NearYou = lazy(() =>
  import('../../features/places/components/near-you.tsx').then((m) => ({ default: m.NearYou })),
);

const HERO_IMAGE = '/images/hero-community.svg';

const reasons = [
  {
    icon: HeartHandshake,
    title: 'landing.reasons.connection.title',
    text: 'landing.reasons.connection.text',
  },
  {
    icon: CalendarPlus,
    title: 'landing.reasons.host.title',
    text: 'landing.reasons.host.text',
  },
  {
    icon: BadgeCheck,
    title: 'landing.reasons.verified.title',
    text: 'landing.reasons.verified.text',
  },
] as const;

const steps = [
  {
    n: '1',
    title: 'landing.steps.1.title',
    text: 'landing.steps.1.text',
  },
  {
    n: '2',
    title: 'landing.steps.2.title',
    text: 'landing.steps.2.text',
  },
  { n: '3', title: 'landing.steps.3.title', text: 'landing.steps.3.text' },
] as const;

/** The hero picture, replaced by a drawn placeholder if it cannot be loaded. */
function HeroImage() {
  const [failed, setFailed] = useState(false);
  const t = useT();
  if (failed) {
    return (
      <div
        role="img"
        aria-label={t('landing.heroAlt')}
        className="flex aspect-[4/3] w-full items-center justify-center rounded-[2rem] bg-[radial-gradient(circle_at_30%_30%,#fed7aa,transparent_55%),radial-gradient(circle_at_70%_70%,#99f6e4,transparent_50%),#ffedd5]"
      >
        <Sparkles className="size-16 text-brand-700" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={HERO_IMAGE}
      alt={t('landing.heroAlt')}
      width={640}
      height={480}
      fetchPriority="high"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full rounded-[2rem] shadow-(--shadow-lift)"
    />
  );
}

/** A large button that links on, an arrow after its label. */
function ArrowButtonLink({
  to,
  variant,
  children,
}: {
  to: string;
  variant?: 'inverse';
  children: ReactNode;
}) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to={to}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** One of the page's bands: the page's width inside, named by its heading. */
function Section({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={labelledBy} className={className}>
      <div className="container-page">{children}</div>
    </section>
  );
}

/** The heading of one of the page's sections. */
function SectionTitle({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <h2 id={id} className={cn('font-display text-3xl font-semibold tracking-tight sm:text-4xl', className)}>
      {children}
    </h2>
  );
}

/** A section's title, centred, and the line under it if any. */
function SectionHeader({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <SectionTitle id={id}>{title}</SectionTitle>
      {lead ? <p className="mt-3 text-lg text-stone-700">{lead}</p> : null}
    </div>
  );
}

export function LandingPage() {
  const { user } = useSession();
  const nearRef = useRef<HTMLDivElement>(null);
  const signedIn = Boolean(user);
  const t = useT();

  return (
    <>
      <title>{t('landing.pageTitle')}</title>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_10%_-10%,#ffedd5,transparent),radial-gradient(40rem_24rem_at_100%_10%,#ccfbf1,transparent)]"
        />
        <div className="container-page grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-2 lg:gap-16">
          <div className="space-y-6">
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-semibold text-brand-900">
              <Sparkles className="size-4" aria-hidden="true" />
              {t('landing.kicker')}
            </p>
            <h1 className="font-display text-4xl leading-[1.08] font-semibold tracking-tight sm:text-5xl lg:text-6xl">
              {t('landing.title')}
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-stone-700">{t('landing.lead')}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              {signedIn ? (
                <ArrowButtonLink to="/dashboard">{t('landing.goDashboard')}</ArrowButtonLink>
              ) : (
                <>
                  <ArrowButtonLink to="/register">{t('landing.getStarted')}</ArrowButtonLink>
                  <Button asChild size="lg" variant="secondary">
                    <Link to="/login">{t('landing.signIn')}</Link>
                  </Button>
                </>
              )}
            </div>
          </div>
          <HeroImage />
        </div>
      </section>

      {/* "Happening near <city>": loaded once the page is idle and the reader nears it,
          so the first paint and the entry chunk stay as they were; the space is kept (no shift). */}
      <div ref={nearRef} className="container-page min-h-56 py-12">
        <WhenIdle near={nearRef}>
          <Suspense fallback={null}>
            <NearYou />
          </Suspense>
        </WhenIdle>
      </div>

      <Section labelledBy="why-heading" className="bg-white py-16 sm:py-24">
        <SectionHeader id="why-heading" title={t('landing.why.title')} lead={t('landing.why.lead')} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-(--radius-card) border border-stone-200/80 bg-cream p-6 shadow-(--shadow-soft) sm:p-8"
            >
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-700 text-white">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{t(title)}</h3>
              <p className="mt-2 leading-relaxed text-stone-700">{t(text)}</p>
              {title === 'landing.reasons.verified.title' ? (
                <Link
                  to="/communities?verified=true"
                  className="mt-3 inline-block font-semibold text-brand-800 underline-offset-4 hover:underline"
                >
                  {t('landing.why.seeVerified')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="how-heading" className="py-16 sm:py-24">
        <SectionHeader id="how-heading" title={t('landing.how.title')} />
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
                <h3 className="font-semibold">{t(step.title)}</h3>
                <p className="mt-1 text-stone-700">{t(step.text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="cta-heading" className="pb-16 sm:pb-24">
        <div className="relative overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(30rem_16rem_at_0%_0%,rgb(251_146_60/0.45),transparent),radial-gradient(24rem_14rem_at_100%_100%,rgb(45_212_191/0.3),transparent)]"
          />
          <div className="relative mx-auto max-w-2xl space-y-5">
            <SectionTitle id="cta-heading" className="text-white">
              {signedIn ? t('landing.cta.signedInTitle') : t('landing.cta.title')}
            </SectionTitle>
            <p className="text-lg text-brand-50">
              {signedIn ? t('landing.cta.signedInLead') : t('landing.cta.lead')}
            </p>
            <ArrowButtonLink to={signedIn ? '/dashboard' : '/register'} variant="inverse">
              {signedIn ? t('landing.goDashboard') : t('landing.cta.button')}
            </ArrowButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
