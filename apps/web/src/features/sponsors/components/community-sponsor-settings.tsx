import {
  type Community,
  SPONSOR_BENEFITS,
  SPONSOR_LIMITS,
  SPONSOR_PERIODS,
  type SponsorPackage,
} from '@townsquare/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { inputClassName } from '../../../components/ui/input.tsx';
import { InputField } from '../../../components/ui/input-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import {
  formatAmount,
  type PackageDraft,
  useArchivePackage,
  useBusinessesNear,
  useCreatePackage,
  usePropose,
  useSetLooking,
  useSponsorOffer,
  useSponsorships,
} from '../api/sponsors.ts';
import { SponsorshipList } from './sponsorship-list.tsx';

/** A package's contribution as people read it. */
export function PackageTerms({ pkg }: { pkg: SponsorPackage }) {
  const t = useT();
  const money =
    pkg.contribution === 'money' && pkg.amountMinor !== null && pkg.currency && pkg.period
      ? t('sponsors.contribution.money', {
          amount: formatAmount(pkg.amountMinor, pkg.currency),
          period: pkg.period,
        })
      : t('sponsors.contribution.in_kind');
  return (
    <p className="text-sm text-stone-700">
      {money} · {pkg.benefits.map((b) => t(`sponsors.benefit.${b}`)).join(', ')}
      {pkg.slots !== null ? ` · ${t('sponsors.packages.taken', { taken: pkg.taken, slots: pkg.slots })}` : ''}
    </p>
  );
}

const EMPTY: PackageDraft = {
  name: '',
  benefits: ['logo_on_club_page'],
  contribution: 'money',
  amountMinor: null,
  currency: 'EUR',
  period: 'year',
  slots: null,
};

/** The form of a new package: name, what the sponsor gets, the contribution, how many may take it. */
function NewPackageForm({ slug }: { slug: string }) {
  const t = useT();
  const id = useId();
  const create = useCreatePackage(slug);
  const [draft, setDraft] = useState<PackageDraft>(EMPTY);
  const [amount, setAmount] = useState('');
  const [slots, setSlots] = useState('');
  const set = (patch: Partial<PackageDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const money = draft.contribution === 'money';
    const cents = Math.round(Number(amount.replace(',', '.')) * 100);
    create.mutate(
      {
        ...draft,
        amountMinor: money ? (Number.isFinite(cents) && cents > 0 ? cents : null) : null,
        currency: money ? draft.currency : null,
        period: money ? draft.period : null,
        slots: slots.trim() ? Number(slots) : null,
      },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          setAmount('');
          setSlots('');
          toast.success(t('sponsors.packages.added'));
        },
        onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-stone-200 p-3"
      aria-labelledby={`${id}-h`}
    >
      <h4 id={`${id}-h`} className="font-semibold">
        {t('sponsors.packages.new')}
      </h4>
      <InputField
        id={`${id}-name`}
        label={t('sponsors.packages.name')}
        value={draft.name}
        maxLength={SPONSOR_LIMITS.packageNameMax}
        onValueChange={(name) => set({ name })}
        required
      />
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold text-stone-800">{t('sponsors.packages.benefits')}</legend>
        {SPONSOR_BENEFITS.map((b) => (
          <CheckboxField
            key={b}
            id={`${id}-${b}`}
            label={t(`sponsors.benefit.${b}`)}
            checked={draft.benefits.includes(b)}
            onCheckedChange={(on) =>
              set({ benefits: on ? [...draft.benefits, b] : draft.benefits.filter((x) => x !== b) })
            }
          />
        ))}
      </fieldset>
      <FormField id={`${id}-kind`} label={t('sponsors.packages.contribution')}>
        {(field) => (
          <select
            {...field}
            className={inputClassName}
            value={draft.contribution}
            onChange={(e) => set({ contribution: e.target.value as PackageDraft['contribution'] })}
          >
            <option value="money">{t('sponsors.contribution.kind.money')}</option>
            <option value="in_kind">{t('sponsors.contribution.in_kind')}</option>
          </select>
        )}
      </FormField>
      {draft.contribution === 'money' ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <InputField
            id={`${id}-amount`}
            label={t('sponsors.packages.amount')}
            inputMode="decimal"
            value={amount}
            onValueChange={setAmount}
            required
          />
          <InputField
            id={`${id}-currency`}
            label={t('sponsors.packages.currency')}
            value={draft.currency ?? ''}
            maxLength={3}
            onValueChange={(currency) => set({ currency: currency.toUpperCase() })}
            required
          />
          <FormField id={`${id}-period`} label={t('sponsors.packages.period')}>
            {(field) => (
              <select
                {...field}
                className={inputClassName}
                value={draft.period ?? 'year'}
                onChange={(e) => set({ period: e.target.value })}
              >
                {SPONSOR_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`sponsors.period.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      ) : null}
      <InputField
        id={`${id}-slots`}
        label={t('sponsors.packages.slots')}
        hint={t('sponsors.packages.slotsHint')}
        inputMode="numeric"
        value={slots}
        onValueChange={setSlots}
        optional
      />
      <Button type="submit" loading={create.isPending}>
        {t('sponsors.packages.add')}
      </Button>
    </form>
  );
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Verified businesses near the club, each with "Ask to sponsor" for one of the packages. */
function BusinessesNear({ slug, packages }: { slug: string; packages: SponsorPackage[] }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const near = useBusinessesNear(slug, open);
  const propose = usePropose();
  const [packageId, setPackageId] = useState('');
  const chosen = packageId || packages[0]?.id || '';
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-near`} className="space-y-3">
      <h3 id={`${id}-near`} className="font-semibold">
        {t('sponsors.businesses.title')}
      </h3>
      {open ? null : (
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          {t('sponsors.businesses.show')}
        </Button>
      )}
      {near.isError ? (
        <p className="text-sm text-stone-700">{errorMessage(near.error, t('sponsors.failed'))}</p>
      ) : null}
      {near.data ? (
        <>
          <FormField id={`${id}-package`} label={t('sponsors.businesses.package')}>
            {(field) => (
              <select
                {...field}
                className={inputClassName}
                value={chosen}
                onChange={(e) => setPackageId(e.target.value)}
              >
                {packages.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {near.data.sponsors.length === 0 ? (
            <p className="text-sm text-stone-700">{t('sponsors.businesses.none')}</p>
          ) : (
            <ul className="space-y-2">
              {near.data.sponsors.map((b) => (
                <li
                  key={b.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white p-3"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-stone-900">{b.name}</p>
                    <p className="text-sm text-stone-700">
                      {t(`sponsors.category.${b.category}`)}
                      {b.distanceKm !== undefined
                        ? ` · ${t('sponsors.businesses.distance', { km: b.distanceKm })}`
                        : ''}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    aria-label={t('sponsors.businesses.askLabel', { name: b.name })}
                    loading={propose.isPending && propose.variables?.sponsorId === b.id}
                    onClick={() =>
                      propose.mutate(
                        { packageId: chosen, sponsorId: b.id, startsOn: day(0), endsOn: day(365) },
                        {
                          onSuccess: () => toast.success(t('sponsors.businesses.asked')),
                          onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
                        },
                      )
                    }
                  >
                    {t('sponsors.businesses.ask')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}

/**
 * The organisers' "Sponsors" section of a community's Manage tab: the "looking for sponsors"
 * switch and its note, the packages on offer, and the proposals to answer (decision 074).
 */
export function CommunitySponsorSettings({ community }: { community: Community }) {
  const t = useT();
  const id = useId();
  const offer = useSponsorOffer(community.slug);
  const proposals = useSponsorships(community.slug);
  const setLooking = useSetLooking(community.slug);
  const archive = useArchivePackage(community.slug);
  const [note, setNote] = useState('');
  useEffect(() => setNote(offer.data?.sponsorNote ?? ''), [offer.data?.sponsorNote]);
  const looking = offer.data?.lookingForSponsors ?? false;

  const save = (lookingForSponsors: boolean) =>
    setLooking.mutate(
      { lookingForSponsors, sponsorNote: note },
      {
        onSuccess: () => toast.success(t('sponsors.looking.saved')),
        onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
      },
    );

  return (
    <HeadedSection id={`${id}-sponsors`} title={t('sponsors.settings.title')} className="mt-8 space-y-6">
      <div className="space-y-3">
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-looking`}
            checked={looking}
            disabled={offer.isPending || setLooking.isPending}
            onCheckedChange={save}
          />
          <Label htmlFor={`${id}-looking`}>{t('sponsors.looking.label')}</Label>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-note`}>{t('sponsors.looking.note')}</Label>
          <Textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            maxLength={SPONSOR_LIMITS.noteMax}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button variant="secondary" size="sm" loading={setLooking.isPending} onClick={() => save(looking)}>
            {t('sponsors.looking.saveNote')}
          </Button>
        </div>
      </div>

      <section aria-labelledby={`${id}-packages`} className="space-y-3">
        <h3 id={`${id}-packages`} className="font-semibold">
          {t('sponsors.packages.title')}
        </h3>
        {offer.data && offer.data.packages.length === 0 ? (
          <p className="text-sm text-stone-700">{t('sponsors.packages.none')}</p>
        ) : null}
        <ul className="space-y-2">
          {offer.data?.packages.map((pkg) => (
            <li
              key={pkg.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-stone-200 bg-white p-3"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{pkg.name}</p>
                <PackageTerms pkg={pkg} />
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('sponsors.packages.remove', { name: pkg.name })}
                onClick={() =>
                  archive.mutate(pkg.id, {
                    onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
                  })
                }
              >
                {t('sponsors.packages.removeShort')}
              </Button>
            </li>
          ))}
        </ul>
        <NewPackageForm slug={community.slug} />
      </section>

      <BusinessesNear slug={community.slug} packages={offer.data?.packages ?? []} />

      <section aria-labelledby={`${id}-proposals`} className="space-y-3">
        <h3 id={`${id}-proposals`} className="font-semibold">
          {t('sponsors.proposals.title')}
        </h3>
        <SponsorshipList sponsorships={proposals.data?.sponsorships ?? []} side="community" />
      </section>
    </HeadedSection>
  );
}
