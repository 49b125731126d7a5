import type { PublicEventDto } from '@townsquare/contracts';
import { ScanLine, UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert, FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useFriends } from '../../../lib/api/get-friends.ts';
import { useGroupOrganizers } from '../../../lib/groups/membership.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCohost } from '../api/capacity.ts';
import { DownloadAttendeesButton } from './download-attendees-button.tsx';

const selectClassName =
  'block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-base text-stone-900 sm:text-sm';

type HostsEvent = Pick<PublicEventDto, 'id' | 'hosts' | 'creatorId' | 'community'>;

/** Who may be added: friends, and on a community's event its organisers (as the server allows). */
export function cohostCandidates(
  friends: Array<{ id: string; fullName: string }>,
  organizers: Array<{ id: string; fullName: string }>,
  hosts: Array<{ id: string }>,
  viewerId: string | null,
): Array<{ id: string; fullName: string; organizer: boolean }> {
  const seen = new Set<string>([...hosts.map((h) => h.id), ...(viewerId ? [viewerId] : [])]);
  const out: Array<{ id: string; fullName: string; organizer: boolean }> = [];
  for (const p of [
    ...organizers.map((o) => ({ ...o, organizer: true })),
    ...friends.map((f) => ({ ...f, organizer: false })),
  ]) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    out.push({ id: p.id, fullName: p.fullName, organizer: p.organizer });
  }
  return out.sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/**
 * Everyone hosting the event; the creator adds and removes co-hosts here: friends, and organisers
 * of the community hosting it.
 */
export function EventHosts({ event, viewerId }: { event: HostsEvent; viewerId: string | null }) {
  const t = useT();
  const headingId = useId();
  const selectId = useId();
  const hosts = event.hosts ?? [];
  const creator = viewerId !== null && viewerId === event.creatorId;
  const [pick, setPick] = useState('');
  const friends = useFriends({ enabled: creator });
  const hostingCommunity = event.community;
  const organizers = useGroupOrganizers(
    { kind: 'community', id: hostingCommunity?.id ?? '', slug: hostingCommunity?.slug ?? '' },
    creator && Boolean(hostingCommunity?.slug),
  );
  const cohost = useCohost(event.id, viewerId ?? '');
  const candidates = cohostCandidates(
    friends.data ?? [],
    (organizers.data ?? []).map((m) => m.user),
    hosts,
    viewerId,
  );
  const community = event.community;
  if (hosts.length === 0) return null;
  return (
    <HeadedSection
      id={headingId}
      title={t('events.hosts.host', { count: hosts.length })}
      className="space-y-3"
    >
      <ul className="space-y-2">
        {hosts.map((h) => (
          <li key={h.id} className="flex items-center justify-between gap-2">
            <span>
              <Link to={`/user/${h.id}`} className="font-semibold text-brand-800 hover:underline">
                {h.fullName}
              </Link>
              <span className="ml-1 text-sm text-stone-600">
                {h.creator ? t('events.hosts.organizer') : t('events.hosts.cohost')}
              </span>
            </span>
            {creator && !h.creator ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('events.hosts.remove', { name: h.fullName })}
                disabled={cohost.isPending}
                onClick={() => cohost.mutate({ userId: h.id, remove: true })}
              >
                <UserMinus aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {creator && candidates.length > 0 ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (pick) cohost.mutate({ userId: pick }, { onSuccess: () => setPick('') });
          }}
        >
          <Label htmlFor={selectId}>
            {community
              ? t('events.hosts.addCommunity', { community: community.name })
              : t('events.hosts.addFriend')}
          </Label>
          <div className="flex gap-2">
            <select
              id={selectId}
              className={selectClassName}
              value={pick}
              onChange={(e) => setPick(e.target.value)}
            >
              <option value="">
                {community ? t('events.hosts.choosePerson') : t('events.hosts.chooseFriend')}
              </option>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.organizer ? t('events.hosts.asOrganiser', { name: c.fullName }) : c.fullName}
                </option>
              ))}
            </select>
            <Button size="sm" type="submit" disabled={!pick || cohost.isPending}>
              {t('events.hosts.add')}
            </Button>
          </div>
        </form>
      ) : null}
      <FailedAlert failed={cohost} fallback={t('events.hosts.failed')} />
    </HeadedSection>
  );
}

/** For hosts: check people in and download the attendee list. */
export function HostTools({ eventId, title }: { eventId: string; title: string }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <Button asChild variant="secondary" className="w-full">
        <Link to={`/event/${eventId}/check-in`}>
          <ScanLine aria-hidden="true" />
          {t('events.hosts.checkIn')}
        </Link>
      </Button>
      <DownloadAttendeesButton
        eventId={eventId}
        title={title}
        failedText={t('events.hosts.downloadFailed')}
        onError={setError}
        className="w-full"
      >
        {t('events.hosts.download')}
      </DownloadAttendeesButton>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
