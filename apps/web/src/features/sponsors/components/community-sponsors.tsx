import { BadgeCheck } from 'lucide-react';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCommunitySponsors } from '../api/sponsors.ts';

/**
 * "Supported by" on a community's About tab: its active sponsors by package, each with its logo
 * (where the package includes the logo on the club page), name and link. Nothing while there are none.
 */
export function CommunitySponsors({ slug, canRead }: { slug: string; canRead: boolean }) {
  const t = useT();
  const { data } = useCommunitySponsors(slug, canRead);
  const packages = data?.packages.filter((p) => p.sponsors.length > 0) ?? [];
  if (packages.length === 0) return null;
  return (
    <HeadedSection id="community-sponsors" title={t('sponsors.shown.title')} className="mt-6 space-y-3">
      {packages.map((pkg) => (
        <div key={pkg.id}>
          <h3 className="text-sm font-semibold text-stone-700">{pkg.name}</h3>
          <ul className="mt-1 flex flex-wrap gap-3">
            {pkg.sponsors.map((s) => {
              const logo = pkg.benefits.includes('logo_on_club_page') ? s.logoUrl : null;
              const body = (
                <span className="inline-flex items-center gap-2">
                  {logo ? <img src={logo} alt="" className="size-10 rounded-lg object-contain" /> : null}
                  <span className="font-medium">{s.name}</span>
                  {s.verified ? (
                    <BadgeCheck className="size-4 text-brand-700" aria-label={t('sponsors.verified')} />
                  ) : null}
                </span>
              );
              return (
                <li key={s.id} className="rounded-xl border border-stone-200 bg-white px-3 py-2">
                  {s.website ? (
                    <a
                      href={s.website}
                      rel="sponsored noopener noreferrer"
                      target="_blank"
                      className="hover:underline"
                    >
                      {body}
                    </a>
                  ) : (
                    body
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </HeadedSection>
  );
}
