import {
  SPONSOR_CATEGORIES,
  SPONSOR_LIMITS,
  type SponsorableCommunity,
  type SponsorProfile,
} from '@townsquare/contracts';
import { BadgeCheck, MapPin, Users } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { IconText } from '../../../components/ui/icon-text.tsx';
import { inputClassName } from '../../../components/ui/input.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import {
  useMySponsor,
  usePropose,
  useSaveSponsor,
  useSponsorableCommunities,
  useSponsorOffer,
  useSponsorships,
} from '../api/sponsors.ts';
import { PackageTerms } from './community-sponsor-settings.tsx';
import { SponsorshipList } from './sponsorship-list.tsx';

/** The place field, given by the page (the places feature's picker): it reports the saved place's id. */
export type PlaceField = (props: {
  id: string;
  placeId: string | null;
  onPlaceId: (id: string | null) => void;
}) => ReactNode;

/** The logo field, given by the page (the uploads feature's picker, the one upload path). */
export type LogoField = (props: {
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
}) => ReactNode;

/** The business profile: name, category, website, a short text, the logo and the place. */
function ProfileEditor({
  sponsor,
  placeField,
  logoField,
}: {
  sponsor: SponsorProfile | null;
  placeField: PlaceField;
  logoField: LogoField;
}) {
  const t = useT();
  const id = useId();
  const save = useSaveSponsor();
  const [name, setName] = useState(sponsor?.name ?? '');
  const [category, setCategory] = useState<string>(sponsor?.category ?? 'cafe');
  const [website, setWebsite] = useState(sponsor?.website ?? '');
  const [text, setText] = useState(sponsor?.text ?? '');
  const [placeId, setPlaceId] = useState<string | null>(sponsor?.place?.id || null);
  const [logoUrl, setLogoUrl] = useState<string | null>(sponsor?.logoUrl ?? null);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        name,
        category,
        website: website.trim() || null,
        text,
        ...(placeId !== (sponsor?.place?.id || null) ? { placeId } : {}),
        ...(logoUrl !== (sponsor?.logoUrl ?? null) ? { logoUrl } : {}),
      },
      {
        onSuccess: () => toast.success(t('sponsors.profile.saved')),
        onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="max-w-xl space-y-3">
      <InputField
        id={`${id}-name`}
        label={t('sponsors.profile.name')}
        value={name}
        maxLength={SPONSOR_LIMITS.nameMax}
        onValueChange={setName}
        required
      />
      <FormField id={`${id}-category`} label={t('sponsors.profile.category')}>
        {(field) => (
          <select
            {...field}
            className={inputClassName}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            {SPONSOR_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`sponsors.category.${c}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <InputField
        id={`${id}-website`}
        label={t('sponsors.profile.website')}
        type="url"
        placeholder={t('sponsors.profile.websitePlaceholder')}
        value={website}
        onValueChange={setWebsite}
        optional
      />
      <FormField id={`${id}-text`} label={t('sponsors.profile.text')} optional>
        {(field) => (
          <Textarea
            {...field}
            value={text}
            rows={3}
            maxLength={SPONSOR_LIMITS.textMax}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </FormField>
      {logoField({ value: logoUrl, onChange: setLogoUrl, label: t('sponsors.profile.logo') })}
      <FormField id={`${id}-place`} label={t('sponsors.profile.place')} optional>
        {(field) => placeField({ id: field.id, placeId, onPlaceId: setPlaceId })}
      </FormField>
      {sponsor ? (
        <p className="text-sm text-stone-700">
          {sponsor.verified ? (
            <IconText icon={BadgeCheck}>{t('sponsors.verified')}</IconText>
          ) : (
            t('sponsors.profile.notVerified')
          )}
        </p>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        {t('sponsors.profile.save')}
      </Button>
    </form>
  );
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A community looking for sponsors, with its packages to offer to take. */
function CommunityOffer({ community }: { community: SponsorableCommunity }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const offer = useSponsorOffer(community.slug, open);
  const propose = usePropose();
  const [startsOn, setStartsOn] = useState(day(0));
  const [endsOn, setEndsOn] = useState(day(365));

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={`/c/${community.slug}`} className="font-semibold text-stone-900 hover:underline">
            {community.name}
          </Link>
          <p className="flex flex-wrap gap-x-3 text-sm text-stone-700">
            {community.distanceKm !== null ? (
              <IconText icon={MapPin}>
                {t('sponsors.browse.distance', { km: community.distanceKm, city: community.city ?? '' })}
              </IconText>
            ) : null}
            <IconText icon={Users}>{t('sponsors.browse.members', { count: community.memberCount })}</IconText>
          </p>
          {community.sponsorNote ? (
            <p className="mt-1 text-sm text-stone-800">{community.sponsorNote}</p>
          ) : null}
        </div>
        <Button size="sm" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('sponsors.browse.packages', { count: community.packages })}
        </Button>
      </div>
      {open ? (
        <div className="mt-3 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField
              id={`${id}-from`}
              type="date"
              label={t('sponsors.propose.from')}
              value={startsOn}
              onValueChange={setStartsOn}
            />
            <InputField
              id={`${id}-until`}
              type="date"
              label={t('sponsors.propose.until')}
              value={endsOn}
              onValueChange={setEndsOn}
            />
          </div>
          <ul className="space-y-2">
            {offer.data?.packages.map((pkg) => (
              <li
                key={pkg.id}
                className="flex flex-wrap items-start justify-between gap-2 border-t border-stone-100 pt-2"
              >
                <div className="min-w-0">
                  <p className="font-medium">{pkg.name}</p>
                  <PackageTerms pkg={pkg} />
                </div>
                <Button
                  size="sm"
                  loading={propose.isPending && propose.variables?.packageId === pkg.id}
                  aria-label={t('sponsors.propose.offerLabel', { name: pkg.name, community: community.name })}
                  onClick={() =>
                    propose.mutate(
                      { packageId: pkg.id, startsOn, endsOn },
                      {
                        onSuccess: () => toast.success(t('sponsors.propose.sent')),
                        onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
                      },
                    )
                  }
                >
                  {t('sponsors.propose.offer')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/**
 * A business's page: its profile, the communities near it looking for sponsors, and its
 * sponsorships with what it may do to each (decision 074).
 */
export function SponsorDashboard({
  placeField,
  logoField,
}: {
  placeField: PlaceField;
  logoField: LogoField;
}) {
  const t = useT();
  const mine = useMySponsor();
  const sponsor = mine.data?.sponsor ?? null;
  const near = useSponsorableCommunities(Boolean(sponsor?.place));
  const sponsorships = useSponsorships(null);

  return (
    <div className="space-y-8">
      <HeadedSection id="sponsor-profile" title={t('sponsors.profile.title')} className="space-y-3">
        {/* The editor starts from the saved profile, so it is shown once that has loaded. */}
        {mine.isPending ? null : (
          <ProfileEditor
            key={sponsor ? 'saved' : 'new'}
            sponsor={sponsor}
            placeField={placeField}
            logoField={logoField}
          />
        )}
      </HeadedSection>
      <HeadedSection id="sponsor-browse" title={t('sponsors.browse.title')} className="space-y-3">
        {!sponsor?.place ? (
          <p className="text-sm text-stone-700">{t('sponsors.browse.needPlace')}</p>
        ) : near.data && near.data.communities.length === 0 ? (
          <p className="text-sm text-stone-700">{t('sponsors.browse.none')}</p>
        ) : (
          <ul className="space-y-3">
            {near.data?.communities.map((c) => (
              <CommunityOffer key={c.id} community={c} />
            ))}
          </ul>
        )}
      </HeadedSection>
      <HeadedSection id="sponsor-sponsorships" title={t('sponsors.proposals.mine')} className="space-y-3">
        <SponsorshipList sponsorships={sponsorships.data?.sponsorships ?? []} side="business" />
      </HeadedSection>
    </div>
  );
}
