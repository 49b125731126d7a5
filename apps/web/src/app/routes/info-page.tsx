import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

interface InfoPageProps {
  title: string;
  description: string;
  eyebrow?: string;
  updated?: string;
  children: ReactNode;
}

/** Frame for the informational pages linked from the header and footer. */
export function InfoPage({ title, description, eyebrow, updated, children }: InfoPageProps) {
  const t = useT();
  return (
    <article>
      <title>{t('common.pageTitle', { title })}</title>
      <PageHeader eyebrow={eyebrow} title={title} description={description} />
      {updated ? (
        <p className="-mt-4 mb-6 text-sm text-stone-600">{t('common.lastUpdated', { date: updated })}</p>
      ) : null}
      <div className="prose-page">{children}</div>
    </article>
  );
}
