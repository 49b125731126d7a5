import { MapPin, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { HeadedSection } from '../../components/ui/headed-section.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useNearCity } from '../../features/places/api/get-near-city.ts';
import { NearList } from '../../features/places/components/near-list.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { formatDistance } from '../../lib/place-text.ts';

/**
 * `/near/:city`: what is on near a city, for the visitors search engines and shared
 * links bring. The server renders it with its data embedded; the app hydrates that markup.
 */
export function NearCityPage() {
  const { city: slug = '' } = useParams();
  const t = useT();
  const near = useNearCity(slug);

  if (near.isPending) return <Skeleton className="h-96 w-full" />;
  if (near.isError) {
    const notFound = near.error instanceof ApiError && near.error.status === 404;
    const title = notFound ? t('places.city.notFound') : t('places.city.loadFailed');
    return (
      <div className="mx-auto max-w-xl">
        <title>{t('common.pageTitle', { title })}</title>
        <h1 className="sr-only">{title}</h1>
        <EmptyState
          icon={MapPin}
          title={title}
          actions={
            <Button asChild variant="secondary">
              <Link to="/">{t('common.backHome')}</Link>
            </Button>
          }
        >
          <p>{notFound ? t('places.city.notFoundHint') : t('places.city.tryAgain')}</p>
        </EmptyState>
      </div>
    );
  }

  const { city, events, communities } = near.data;
  return (
    <div className="space-y-10">
      <title>{t('common.pageTitle', { title: t('places.city.title', { city: city.name }) })}</title>
      <PageHeader
        eyebrow={city.country}
        title={t('places.city.title', { city: city.name })}
        description={t('places.city.description', { city: city.name })}
      />
      <HeadedSection id="near-events" title={t('places.city.upcoming')} size="xl" className="space-y-3">
        <NearList
          loading={false}
          empty={t('places.city.noEvents', { city: city.name })}
          items={events.map((e) => ({ ...e, distanceKm: e.distanceKm, location: e.location ?? '' }))}
        />
      </HeadedSection>
      <HeadedSection
        id="near-communities"
        title={t('places.city.communities')}
        size="xl"
        className="space-y-3"
      >
        {communities.length === 0 ? (
          <EmptyState
            icon={Users}
            title={t('places.city.noCommunities', { city: city.name })}
            headingLevel="h3"
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {communities.map((community) => (
              <li key={community.slug} className="rounded-2xl border border-stone-200 bg-white p-4">
                <Link to={`/c/${community.slug}`} className="font-semibold text-stone-900 hover:underline">
                  {community.name}
                </Link>
                <span className="block text-sm text-stone-600">
                  {[
                    community.memberCount !== undefined
                      ? t('places.city.members', { count: community.memberCount })
                      : '',
                    community.distanceKm !== undefined ? formatDistance(community.distanceKm) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>
    </div>
  );
}
