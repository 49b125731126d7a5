import { Link } from 'react-router';
import { currentYear } from '../../lib/i18n/conventions.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { APP_NAME, BrandMark } from './brand-logo.tsx';

const columns = [
  {
    title: 'Townsquare',
    key: null,
    links: [
      { to: '/about', label: 'nav.about' },
      { to: '/careers', label: 'nav.careers' },
      { to: '/blog', label: 'nav.blog' },
      { to: '/contact', label: 'nav.contact' },
    ],
  },
  {
    title: 'nav.footer.help',
    key: 'help',
    links: [
      { to: '/guides', label: 'nav.guides' },
      { to: '/faq', label: 'nav.faq' },
    ],
  },
  {
    title: 'nav.footer.legal',
    key: 'legal',
    links: [
      { to: '/terms', label: 'nav.terms' },
      { to: '/privacy', label: 'nav.privacy' },
      { to: '/cookies', label: 'nav.cookies' },
    ],
  },
] as const;

export function SiteFooter() {
  const year = currentYear();
  const t = useT();
  return (
    <footer className="mt-auto border-t border-stone-200 bg-sand/60">
      <div className="container-page grid grid-cols-3 gap-x-4 gap-y-8 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)] md:gap-10">
        <div className="col-span-3 max-w-xs space-y-3 md:col-span-1">
          <p className="flex items-center gap-2.5 font-display text-lg font-semibold text-stone-900">
            <BrandMark className="size-7" />
            {APP_NAME}
          </p>
          <p className="text-sm leading-relaxed text-stone-700">{t('nav.footer.tagline')}</p>
        </div>
        {columns.map((column) => {
          const title = column.key ? t(column.title) : column.title;
          return (
            <nav key={column.title} aria-label={t('nav.footer.links', { column: title })}>
              <h2 className="text-xs font-bold tracking-wider text-stone-700 uppercase">{title}</h2>
              <ul className="mt-3 space-y-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="rounded text-sm text-stone-700 hover:text-brand-800 hover:underline"
                    >
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
      </div>
      <div className="border-t border-stone-200">
        <p className="container-page py-5 text-sm text-stone-700">
          {t('nav.footer.rights', { year, app: APP_NAME })}
        </p>
      </div>
    </footer>
  );
}
