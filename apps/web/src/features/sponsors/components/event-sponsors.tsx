import type { HostingOffer, PublicSponsor } from '@townsquare/contracts';
import { BadgeCheck, Store } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { placeLabel } from '../../../lib/place-text.ts';
import { useEventSponsors, useHostingAction, useHostingOffers, useOfferHosting } from '../api/sponsors.ts';

/** A business's name, linked to its site (a sponsored link), with its badge when verified. */
function BusinessName({ sponsor }: { sponsor: PublicSponsor }) {
  const t = useT();
  const name = (
    <span className="inline-flex items-center gap-1 font-semibold">
      {sponsor.name}
      {sponsor.verified ? (
        <BadgeCheck className="size-4 text-brand-700" aria-label={t('sponsors.verified')} />
      ) : null}
    </span>
  );
  return sponsor.website ? (
    <a
      href={sponsor.website}
      rel="sponsored noopener noreferrer"
      target="_blank"
      className="text-brand-800 hover:underline"
    >
      {name}
    </a>
  ) : (
    name
  );
}

/**
 * "Hosted by <business>" (the business whose venue the event is at) and "Supported by" (the
 * community's sponsors whose package puts a logo on its events), decision 083. Nothing when none.
 */
export function EventBackers({ eventId }: { eventId: string }) {
  const t = useT();
  const { data } = useEventSponsors(eventId);
  if (!data || (!data.hostedBy && data.supportedBy.length === 0)) return null;
  return (
    <section
      id="event-backers"
      aria-label={t('sponsors.event.label')}
      className="mt-6 space-y-3 border-t border-stone-100 pt-5"
    >
      {data.hostedBy ? (
        <p className="flex flex-wrap items-center gap-2 text-stone-800">
          <Store className="size-5 text-stone-600" aria-hidden="true" />
          {t('sponsors.event.hostedBy')} <BusinessName sponsor={data.hostedBy} />
        </p>
      ) : null}
      {data.supportedBy.length > 0 ? (
        <div>
          <h2 className="text-sm font-semibold text-stone-700">{t('sponsors.shown.title')}</h2>
          <ul className="mt-2 flex flex-wrap gap-3">
            {data.supportedBy.map((s) => (
              <li
                key={s.id}
                className="inline-flex items-center gap-2 rounded-xl border border-stone-200 bg-white px-3 py-2"
              >
                {s.logoUrl ? (
                  <img src={s.logoUrl} alt="" className="size-8 rounded-md object-contain" />
                ) : null}
                <BusinessName sponsor={s} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function OfferRow({ offer, eventId, host }: { offer: HostingOffer; eventId: string; host: boolean }) {
  const t = useT();
  const act = useHostingAction(eventId);
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-stone-900">
          {host ? offer.sponsor.name : t('sponsors.hosting.yours')}
        </p>
        <Badge tone="neutral">{t(`sponsors.hosting.state.${offer.state}`)}</Badge>
      </div>
      {offer.place ? <p className="text-sm text-stone-700">{placeLabel(offer.place)}</p> : null}
      {offer.message ? (
        <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{offer.message}</p>
      ) : null}
      {offer.can.length > 0 ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {offer.can.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'accept' ? 'primary' : 'secondary'}
              loading={act.isPending && act.variables?.action === action}
              aria-label={t(`sponsors.hosting.${action}.label`, { name: offer.sponsor.name })}
              onClick={() =>
                act.mutate(
                  { id: offer.id, action },
                  {
                    onSuccess: () => {
                      if (action === 'accept') toast.success(t('sponsors.hosting.accepted'));
                    },
                    onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
                  },
                )
              }
            >
              {t(`sponsors.action.${action}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * Hosting offers on an event's page (decision 083): its hosts see the offers and accept one (the
 * event moves to the business's place) or decline; a business offers its place and withdraws.
 */
export function HostingOffers({
  eventId,
  host,
  business,
}: {
  eventId: string;
  host: boolean;
  business: boolean;
}) {
  const t = useT();
  const messageId = useId();
  const offers = useHostingOffers(eventId, host || business);
  const offer = useOfferHosting(eventId);
  const [message, setMessage] = useState('');
  const list = offers.data?.offers ?? [];
  const waiting = list.some((o) => o.state === 'proposed' || o.state === 'accepted');
  if (!host && !business) return null;
  if (host && list.length === 0) return null;
  return (
    <section id="hosting-offers" className="space-y-3" aria-labelledby={`${messageId}-title`}>
      <h2 id={`${messageId}-title`} className="text-lg font-semibold">
        {t('sponsors.hosting.title')}
      </h2>
      {list.length > 0 ? (
        <ul className="space-y-2">
          {list.map((o) => (
            <OfferRow key={o.id} offer={o} eventId={eventId} host={host} />
          ))}
        </ul>
      ) : null}
      {business && !host && !waiting && offers.isSuccess ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            offer.mutate(message.trim() ? { message: message.trim() } : {}, {
              onSuccess: () => {
                setMessage('');
                toast.success(t('sponsors.hosting.sent'));
              },
              onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))),
            });
          }}
        >
          <p className="text-sm text-stone-700">{t('sponsors.hosting.intro')}</p>
          <label htmlFor={messageId} className="block text-sm font-medium text-stone-800">
            {t('sponsors.hosting.message')}
          </label>
          <textarea
            id={messageId}
            value={message}
            maxLength={1000}
            rows={3}
            onChange={(e) => setMessage(e.target.value)}
            className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
          />
          <Button type="submit" loading={offer.isPending} className="w-full">
            {t('sponsors.hosting.offer')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
