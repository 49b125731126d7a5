import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';

interface InfoPageProps {
  title: string;
  description: string;
  eyebrow?: string;
  updated?: string;
  children: ReactNode;
}

/** Frame for the informational pages linked from the header and footer. */
export function InfoPage({ title, description, eyebrow, updated, children }: InfoPageProps) {
  return (
    <article>
      <title>{`${title} · Townsquare`}</title>
      <PageHeader eyebrow={eyebrow} title={title} description={description} />
      {updated ? <p className="-mt-4 mb-6 text-sm text-stone-600">Last updated {updated}</p> : null}
      <div className="prose-page">{children}</div>
    </article>
  );
}
