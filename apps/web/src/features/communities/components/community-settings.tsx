import { COMMUNITY_LIMITS, type Community } from '@townsquare/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCurrency } from '../../../lib/api/get-instance.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import type { PlaceLocation } from '../../places/components/place-location-fields.tsx';
import { useDeleteCommunity } from '../api/delete-community.ts';
import { useUpdateCommunity } from '../api/update-community.ts';
import {
  CommunityAccessFields,
  CommunityImageField,
  CommunityPlaceFields,
  readAccess,
} from './community-access-fields.tsx';

/** Organisers edit the about card; the owner deletes the community after typing its name. */
export function CommunitySettings({ community }: { community: Community }) {
  const t = useT();
  const update = useUpdateCommunity(community.slug);
  const remove = useDeleteCommunity(community.slug);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(community.imageUrl);
  const [uploading, setUploading] = useState(false);
  const [currency, setCurrency] = useState(community.currency ?? '');
  const instanceCurrency = useCurrency();
  const [where, setWhere] = useState<PlaceLocation>({
    place: community.place ?? null,
    location: community.location,
    locationFromPlace: false,
  });

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '').trim();
    update.mutate(
      {
        name: text('name'),
        description: text('description'),
        location: text('location'),
        placeId: text('placeId') || null,
        imageUrl,
        currency: currency || null,
        ...readAccess(form),
      },
      {
        onSuccess: () => toast.success(t('communities.settings.updated')),
        onError: (err) => toast.error(errorMessage(err, t('communities.settings.saveFailed'))),
      },
    );
  }

  return (
    <div className="space-y-10">
      <form onSubmit={save} className="max-w-xl space-y-4">
        <h3 className="font-semibold text-stone-900">{t('communities.settings.edit')}</h3>
        <FormField id="edit-name" label={t('communities.create.name')}>
          {(control) => (
            <Input
              {...control}
              name="name"
              defaultValue={community.name}
              maxLength={COMMUNITY_LIMITS.nameMax}
            />
          )}
        </FormField>
        <FormField id="edit-description" label={t('communities.create.description')} optional>
          {(control) => (
            <Textarea
              {...control}
              name="description"
              defaultValue={community.description}
              rows={4}
              maxLength={COMMUNITY_LIMITS.descriptionMax}
            />
          )}
        </FormField>
        <CommunityPlaceFields idPrefix="edit" value={where} onChange={setWhere} />
        <CommunityImageField
          value={imageUrl}
          onChange={setImageUrl}
          onBusyChange={setUploading}
          disabled={update.isPending}
        />
        <CommunityAccessFields idPrefix="edit" defaults={community} />
        <FormField
          id="edit-currency"
          label={t('communities.settings.currency')}
          hint={t('communities.settings.currencyHint')}
        >
          {(control) => (
            <CurrencySelect
              id={control.id}
              describedBy={control['aria-describedby']}
              value={currency}
              onChange={setCurrency}
              none={t('communities.settings.currencyInstance', { currency: instanceCurrency })}
            />
          )}
        </FormField>
        <Button type="submit" disabled={update.isPending || uploading}>
          {update.isPending ? t('communities.settings.saving') : t('communities.settings.save')}
        </Button>
      </form>
      {community.viewerRole === 'OWNER' ? (
        <form
          className="max-w-xl space-y-3 rounded-2xl border border-red-200 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            remove.mutate(undefined, {
              onSuccess: () => {
                toast.success(t('communities.settings.deleted', { name: community.name }));
                navigate('/communities');
              },
              onError: (err) => toast.error(errorMessage(err, t('communities.settings.deleteFailed'))),
            });
          }}
        >
          <h3 className="font-semibold text-red-800">{t('communities.settings.delete')}</h3>
          <p className="text-sm text-stone-700">
            {t.rich('communities.settings.deleteBody', {
              name: community.name,
              b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
            })}
          </p>
          <label htmlFor="delete-confirm" className="sr-only">
            {t('communities.settings.deleteConfirm')}
          </label>
          <Input
            id="delete-confirm"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="off"
          />
          <Button
            type="submit"
            variant="destructive"
            disabled={confirm !== community.name || remove.isPending}
          >
            {t('communities.settings.delete')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
