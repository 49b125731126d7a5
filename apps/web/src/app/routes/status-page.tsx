import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

interface StatusPageProps {
  code: string;
  title: string;
  /** The plain explanation under the title. */
  body: string;
}

/** The 403 and 404 pages: a big code, a plain explanation and the way back to the dashboard. */
export function StatusPage({ code, title, body }: StatusPageProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-10 text-center">
      <title>{t('common.pageTitle', { title })}</title>
      <p className="font-display text-7xl font-semibold text-brand-700 sm:text-8xl" aria-hidden="true">
        {code}
      </p>
      <h1 className="mt-4 font-display text-3xl font-semibold sm:text-4xl">{title}</h1>
      <div className="mt-3 text-base text-stone-700">
        <p>{body}</p>
      </div>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/dashboard">{t('common.goDashboard')}</Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to="/">{t('common.backHome')}</Link>
        </Button>
      </div>
    </div>
  );
}
