import { Outlet, useNavigation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

function NavigationProgress() {
  const navigation = useNavigation();
  return (
    <div
      aria-hidden="true"
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-600 transition-transform duration-500',
        navigation.state === 'loading' ? 'scale-x-75' : 'scale-x-0',
      )}
    />
  );
}

function Shell({ padded }: { padded: boolean }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <NavigationProgress />
      <SiteHeader />
      <main
        id="main"
        tabIndex={-1}
        className={cn('flex-1 focus:outline-none', padded && 'container-page py-8 sm:py-12')}
      >
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** Header, footer and content inside the page container. */
export function PaddedLayout() {
  return <Shell padded />;
}

/** Header, footer and edge-to-edge content (the landing page's full-bleed sections). */
export function FullWidthLayout() {
  return <Shell padded={false} />;
}
