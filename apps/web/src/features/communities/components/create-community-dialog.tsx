import { COMMUNITY_LIMITS, slugify } from '@townsquare/contracts';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, TitledDialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import type { PlaceLocation } from '../../places/components/place-location-fields.tsx';
import { useCreateCommunity } from '../api/create-community.ts';
import {
  CommunityAccessFields,
  CommunityImageField,
  CommunityPlaceFields,
  readAccess,
} from './community-access-fields.tsx';

const NOWHERE: PlaceLocation = { place: null, location: '', locationFromPlace: false };

/** "Start a community": name, address, description, place, who can join, visibility. */
export function CreateCommunityDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [where, setWhere] = useState<PlaceLocation>(NOWHERE);
  /** A name with nothing an address can spell (only emoji): say what the address will be. */
  const [unspelled, setUnspelled] = useState(false);
  const create = useCreateCommunity();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '').trim();
    setError(undefined);
    create.mutate(
      {
        name: text('name'),
        ...(text('slug') ? { slug: text('slug') } : {}),
        description: text('description'),
        location: text('location'),
        ...(text('placeId') ? { placeId: text('placeId') } : {}),
        ...(imageUrl ? { imageUrl } : {}),
        ...readAccess(form),
      },
      {
        onSuccess: (community) => {
          toast.success(t('communities.create.ready', { name: community.name }));
          setOpen(false);
          setImageUrl(null);
          setWhere(NOWHERE);
          navigate(`/c/${community.slug}`);
        },
        onError: (err) => setError(errorMessage(err, t('communities.create.failed'))),
      },
    );
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <Plus aria-hidden="true" /> {t('communities.create.start')}
        </Button>
      }
      title={t('communities.create.start')}
      description={t('communities.create.lead')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField id="community-name" label={t('communities.create.name')}>
          {(control) => (
            <Input
              {...control}
              name="name"
              required
              maxLength={COMMUNITY_LIMITS.nameMax}
              onChange={(e) => setUnspelled(e.target.value.trim() !== '' && slugify(e.target.value) === '')}
            />
          )}
        </FormField>
        <FormField
          id="community-slug"
          label={t('communities.create.address')}
          optional
          hint={unspelled ? t('communities.create.addressUnspelled') : t('communities.create.addressHint')}
        >
          {(control) => <Input {...control} name="slug" maxLength={COMMUNITY_LIMITS.slugMax} />}
        </FormField>
        <FormField id="community-description" label={t('communities.create.description')} optional>
          {(control) => (
            <Textarea {...control} name="description" maxLength={COMMUNITY_LIMITS.descriptionMax} rows={3} />
          )}
        </FormField>
        <CommunityPlaceFields idPrefix="community" value={where} onChange={setWhere} />
        <CommunityImageField value={imageUrl} onChange={setImageUrl} onBusyChange={setUploading} />
        <CommunityAccessFields idPrefix="community" />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="submit" disabled={create.isPending || uploading}>
            {create.isPending ? t('communities.create.creating') : t('communities.create.submit')}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
