import type { Place, PlaceCandidate, SelfUser } from '@townsquare/contracts';
import { MapPin } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { IconCard } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useUpdateMe } from '../../../lib/api/update-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { cityName } from '../../../lib/place-text.ts';
import { useHomePlace } from '../api/get-place.ts';
import { savePlace } from '../api/save-place.ts';
import { HomeCityPicker } from './home-city-picker.tsx';

/** Settings: the home city "Happening near" and nearby lists start from (PUT /api/users/me `homePlaceId`). */
export function HomeCityCard({ user }: { user: SelfUser }) {
  const { home, pending } = useHomePlace(user);
  if (pending) return <Skeleton className="h-48 w-full" />;
  return <HomeCityForm key={home?.id ?? 'none'} home={home} />;
}

function HomeCityForm({ home }: { home: Place | null }) {
  const t = useT();
  const [city, setCity] = useState<PlaceCandidate | null>(home);
  const [saving, setSaving] = useState(false);
  const update = useUpdateMe();
  const unchanged = (city?.id ?? null) === (home?.id ?? null) && (city === null || city.id !== null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      const place = city ? await savePlace(city) : null;
      await update.mutateAsync({ homePlaceId: place?.id ?? null });
      toast.success(place ? t('places.home.saved', { city: cityName(place) }) : t('places.home.removed'));
    } catch (error) {
      toast.error(errorMessage(error, t('places.home.saveFailed')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <IconCard icon={MapPin} title={t('places.home.title')} description={t('places.home.description')}>
      <form onSubmit={save} className="space-y-4">
        <HomeCityPicker id="settings-home-city" value={city} onChange={setCity} disabled={saving} />
        <Button type="submit" disabled={saving || unchanged}>
          {saving ? t('places.home.saving') : t('places.home.save')}
        </Button>
      </form>
    </IconCard>
  );
}
