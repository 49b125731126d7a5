import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ReloadIcon } from '../../components/ui/shell-icons.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

/** Shown when a page fails to render or its code cannot be loaded (often after a new deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const t = useT();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-cream px-4">
      <title>{t('common.error.pageTitle')}</title>
      <div className="max-w-md text-center">
        <h1 className="font-display text-3xl font-semibold">{t('common.error.title')}</h1>
        <p className="mt-3 text-stone-700">{t('common.error.body')}</p>
        {detail ? <p className="mt-2 text-sm text-stone-600">{detail}</p> : null}
        <div className="mt-6 flex justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <ReloadIcon aria-hidden="true" />
            {t('common.reload')}
          </Button>
          <Button asChild variant="secondary">
            <a href="/">{t('common.home')}</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
