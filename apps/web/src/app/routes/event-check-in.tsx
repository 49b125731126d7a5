import type { Attendee } from '@townsquare/contracts';
import { ArrowLeft, Camera, CameraOff, CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAttendees, useCheckIn } from '../../features/events/api/capacity.ts';
import { usePublicEvent } from '../../features/events/api/get-public-event.ts';
import { openQrReader } from '../../features/events/qr-reader.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { qrReader, recentCodes, searchAttendees } from '../../lib/capacity-texts.ts';
import { formatTime, formatZoneName, inTimeZone } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n/intl.tsx';

/** How long a code must be out of sight before the scanner sends it again. */
const QUIET_MS = 3_000;
/** The pause between two frames read. */
const FRAME_MS = 300;

type Result = { ok: boolean; text: string } | null;

/** The check-in result: over the video while the camera runs (where a phone held up sees it). */
const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function ResultView({ result, overVideo }: { result: Result; overVideo: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={overVideo ? 'absolute inset-x-2 bottom-2' : undefined}
      data-testid="check-in-result"
    >
      {result ? (
        <Alert variant={result.ok ? 'success' : 'error'} className={overVideo ? 'shadow-lg' : undefined}>
          {result.text}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * The camera scanner. The camera starts once per press of the button and keeps running: the
 * latest `onCode` is read through a ref, so a new callback on each render does not restart it,
 * and the memory of codes just handled lives as long as the page, so a ticket held in front of
 * the camera is sent once (decision 046).
 */
function Scanner({
  kind,
  onCode,
  result,
}: {
  kind: 'native' | 'script';
  onCode: (code: string) => void;
  result: Result;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  });
  const memory = useRef(recentCodes(QUIET_MS));
  const t = useT();
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        const read = await openQrReader(kind);
        let reads = 0;
        const tick = async () => {
          if (stopped) return;
          const code = await read(element).catch(() => undefined);
          if (stopped) return;
          if (code) {
            // How many frames a code was read in: e2e waits on it instead of on time.
            element.dataset.codesRead = String(++reads);
            if (memory.current.shouldSend(code, Date.now())) handler.current(code);
          }
          timer = setTimeout(tick, FRAME_MS);
        };
        void tick();
      } catch {
        if (stopped) return;
        setProblem(translate('events.door.cameraFailed'));
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on, kind]);
  return (
    <div className="space-y-3">
      <Button
        variant={on ? 'secondary' : 'primary'}
        onClick={() => {
          setProblem(null);
          setOn(!on);
        }}
      >
        {on ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
        {on ? t('events.door.stopCamera') : t('events.door.startCamera')}
      </Button>
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      <div className={on ? 'relative w-full max-w-sm' : undefined}>
        {on ? (
          <video
            ref={video}
            className="aspect-square w-full rounded-xl bg-stone-900 object-cover"
            playsInline
            muted
            aria-label={t('events.door.cameraView')}
          />
        ) : null}
        <ResultView result={result} overVideo={on && result !== null} />
      </div>
    </div>
  );
}

/** A field to type the short code printed on a ticket (or paste the whole code). */
function TypedCode({ onCode, busy }: { onCode: (code: string, done: () => void) => void; busy: boolean }) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  return (
    <form
      className="space-y-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) onCode(code.trim(), () => setCode(''));
      }}
    >
      <Label htmlFor={id}>{t('events.door.ticketCode')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('events.door.codePlaceholder')}
          className="font-mono uppercase"
          maxLength={300}
        />
        <Button type="submit" disabled={busy || code.trim() === ''}>
          {t('events.door.checkIn')}
        </Button>
      </div>
    </form>
  );
}

function AttendeeRow({
  person,
  timeZone,
  onCheckIn,
  busy,
}: {
  person: Attendee;
  timeZone: string;
  onCheckIn: () => void;
  busy: boolean;
}) {
  const t = useT();
  const guests = person.guests.length;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span>
        <span className="font-semibold">{person.fullName}</span>
        {person.username ? <span className="ml-1 text-sm text-stone-600">@{person.username}</span> : null}
        {guests > 0 ? (
          <span className="ml-1 text-sm text-stone-600">{t('events.door.guests', { count: guests })}</span>
        ) : null}
      </span>
      {person.checkedInAt ? (
        <span className="flex items-center gap-1 text-sm font-medium text-emerald-800">
          <CircleCheck className="size-4" aria-hidden="true" />
          {t('events.door.checkedInAt', {
            time: formatTime(inTimeZone(person.checkedInAt, timeZone)),
            zone: formatZoneName(person.checkedInAt, timeZone),
          })}
        </span>
      ) : (
        <Button
          size="sm"
          disabled={busy}
          onClick={onCheckIn}
          aria-label={t('events.door.checkInName', { name: person.fullName })}
        >
          {t('events.door.checkIn')}
        </Button>
      )}
    </li>
  );
}

/** `/event/:eventId/check-in`, for hosts: scan tickets or search by name; going vs came afterwards. */
export function EventCheckInPage() {
  const t = useT();
  const { eventId = '' } = useParams();
  const { user } = useSession();
  const searchId = useId();
  const event = usePublicEvent(eventId, user?.id ?? null);
  const list = useAttendees(eventId);
  const checkIn = useCheckIn(eventId);
  const [query, setQuery] = useState('');
  const [scanner, setScanner] = useState<'native' | 'script' | 'none' | null>(null);
  const [result, setResult] = useState<Result>(null);
  useEffect(() => {
    void qrReader().then(setScanner);
  }, []);

  const send = (body: { code: string } | { userId: string }, done?: () => void) => {
    setResult(null);
    checkIn.mutate(body, {
      onSuccess: (person) => {
        done?.();
        setResult({ ok: true, text: t('events.door.done', { name: person.fullName }) });
      },
      onError: (err) => setResult({ ok: false, text: errorMessage(err, t('events.door.failed')) }),
    });
  };

  const title = event.data?.title ?? t('events.door.event');
  if (list.isError)
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <title>{t('events.door.pageTitle')}</title>
        <h1 className="font-display text-2xl font-semibold">{t('events.door.heading')}</h1>
        <Alert variant="error">{errorMessage(list.error, t('events.door.loadFailed'))}</Alert>
      </div>
    );
  const data = list.data;
  const going = data?.attendees.filter((a) => a.status === 'going') ?? [];
  const found = searchAttendees(data?.attendees ?? [], query);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <title>{t('common.pageTitle', { title: t('events.door.titleWith', { title }) })}</title>
      <Link
        to={`/event/${eventId}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('events.door.back')}
      </Link>
      <h1 className="font-display text-3xl font-semibold tracking-tight">
        {t('events.door.titleWith', { title })}
      </h1>
      {!data ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          <Card className="p-5 sm:p-6">
            {data.ended ? (
              <p className="text-lg">
                {t.rich('events.door.ended', { going: data.going, came: data.came, b: bold })}
              </p>
            ) : (
              <p className="text-lg">
                {t.rich('events.door.progress', { going: data.going, came: data.came, b: bold })}
              </p>
            )}
          </Card>
          <Card className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold">{t('events.door.scan')}</h2>
            {scanner === 'native' || scanner === 'script' ? (
              <Scanner kind={scanner} onCode={(code) => send({ code })} result={result} />
            ) : scanner === 'none' ? (
              <>
                <p className="text-sm text-stone-700">{t('events.door.noCamera')}</p>
                <ResultView result={result} overVideo={false} />
              </>
            ) : null}
            <TypedCode busy={checkIn.isPending} onCode={(code, done) => send({ code }, done)} />
          </Card>
          <Card className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold">{t('events.door.findByName')}</h2>
            <div className="space-y-1.5">
              <Label htmlFor={searchId}>{t('events.door.nameOrUsername')}</Label>
              <SearchInput id={searchId} value={query} onChange={(e) => setQuery(e.target.value)} />
            </div>
            {going.length === 0 ? (
              <p className="text-sm text-stone-700">{t('events.door.nobody')}</p>
            ) : found.length === 0 ? (
              <p className="text-sm text-stone-700">{t('events.door.noMatch', { query })}</p>
            ) : (
              <ul className="divide-y divide-stone-100" aria-label={t('events.door.peopleGoing')}>
                {found.map((person) => (
                  <AttendeeRow
                    key={person.userId}
                    person={person}
                    timeZone={event.data?.timeZone ?? 'UTC'}
                    busy={checkIn.isPending}
                    onCheckIn={() => send({ userId: person.userId })}
                  />
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
