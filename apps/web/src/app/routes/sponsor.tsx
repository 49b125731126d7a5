import type { PlaceCandidate } from '@townsquare/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { savePlace } from '../../features/places/api/save-place.ts';
import { PlacePicker } from '../../features/places/components/place-picker.tsx';
import { type PlaceField, SponsorDashboard } from '../../features/sponsors/components/sponsor-dashboard.tsx';
import { ImageUpload } from '../../features/uploads/components/image-upload.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/** The places feature's picker as the business profile's place field: a pick is saved, its id kept. */
function BusinessPlace({ id, onPlaceId }: Parameters<PlaceField>[0]) {
  const t = useT();
  const [picked, setPicked] = useState<PlaceCandidate | null>(null);
  return (
    <PlacePicker
      id={id}
      value={picked}
      onChange={(candidate) => {
        setPicked(candidate);
        if (!candidate) return onPlaceId(null);
        savePlace(candidate).then(
          (place) => onPlaceId(place.id),
          (error: unknown) => toast.error(errorMessage(error, t('sponsors.failed'))),
        );
      }}
    />
  );
}

/** `/sponsor`: a business's profile, the clubs near it looking for sponsors, its sponsorships. */
export function SponsorPage() {
  const t = useT();
  const { user } = useSession();
  const isSponsor = user?.roles.includes('Sponsor') ?? false;
  return (
    <div className="mx-auto max-w-3xl">
      <title>{t('sponsors.page.title')}</title>
      <PageHeader title={t('sponsors.page.title')} description={t('sponsors.page.intro')} />
      {isSponsor ? (
        <SponsorDashboard
          placeField={(props) => <BusinessPlace {...props} />}
          logoField={(props) => <ImageUpload {...props} folder="profile-image" />}
        />
      ) : (
        <p className="text-stone-700">{t('sponsors.page.needRole')}</p>
      )}
    </div>
  );
}
