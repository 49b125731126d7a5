import { Link } from 'react-router';
import { APP_NAME, BrandMark } from './brand-logo.tsx';

const columns = [
  {
    title: 'Townsquare',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Help',
    links: [
      { to: '/guides', label: 'Community Guides' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/cookies', label: 'Cookies' },
    ],
  },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-stone-200 bg-sand/60">
      <div className="container-page grid grid-cols-3 gap-x-4 gap-y-8 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)] md:gap-10">
        <div className="col-span-3 max-w-xs space-y-3 md:col-span-1">
          <p className="flex items-center gap-2.5 font-display text-lg font-semibold text-stone-900">
            <BrandMark className="size-7" />
            {APP_NAME}
          </p>
          <p className="text-sm leading-relaxed text-stone-700">
            Local events, clubs and neighbours, all in one friendly place. Open source and built with the
            communities that use it.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={`${column.title} links`}>
            <h2 className="text-xs font-bold tracking-wider text-stone-700 uppercase">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded text-sm text-stone-700 hover:text-brand-800 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-stone-200">
        <p className="container-page py-5 text-sm text-stone-700">
          © {year} {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
