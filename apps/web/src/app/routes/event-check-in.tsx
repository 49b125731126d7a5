import type { Attendee } from '@townsquare/contracts';
import { ArrowLeft, Camera, CameraOff, CircleCheck, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { useAttendees, useCheckIn } from '../../features/events/api/capacity.ts';
import { usePublicEvent } from '../../features/events/api/get-public-event.ts';
import { canScanQr, searchAttendees } from '../../features/events/capacity-texts.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { formatTime } from '../../lib/format.ts';

type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * The camera scanner: BarcodeDetector reads QR codes from the video; each new code is sent once.
 * Only rendered where `canScanQr()` said the browser can.
 */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let last = '';
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const Barcode = (globalThis as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
        const detector = new Barcode({ formats: ['qr_code'] });
        timer = setInterval(async () => {
          if (!video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          const code = found[0]?.rawValue;
          if (code && code !== last) {
            last = code;
            onCode(code);
          }
        }, 400);
      } catch {
        setProblem('The camera could not be opened. Allow camera access, or search by name below.');
        setOn(false);
      }
    })();
    return () => {
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on, onCode]);
  return (
    <div className="space-y-3">
      <Button variant={on ? 'secondary' : 'primary'} onClick={() => setOn(!on)}>
        {on ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
        {on ? 'Stop the camera' : 'Scan tickets with the camera'}
      </Button>
      {on ? (
        <video
          ref={video}
          className="aspect-square w-full max-w-sm rounded-xl bg-stone-900"
          playsInline
          muted
        />
      ) : null}
      {problem ? <Alert variant="error">{problem}</Alert> : null}
    </div>
  );
}

function AttendeeRow({
  person,
  onCheckIn,
  busy,
}: {
  person: Attendee;
  onCheckIn: () => void;
  busy: boolean;
}) {
  const guests = person.guests.length;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span>
        <span className="font-semibold">{person.fullName}</span>
        {person.username ? <span className="ml-1 text-sm text-stone-600">@{person.username}</span> : null}
        {guests > 0 ? (
          <span className="ml-1 text-sm text-stone-600">
            + {guests} {guests === 1 ? 'guest' : 'guests'}
          </span>
        ) : null}
      </span>
      {person.checkedInAt ? (
        <span className="flex items-center gap-1 text-sm font-medium text-emerald-800">
          <CircleCheck className="size-4" aria-hidden="true" />
          Checked in at {formatTime(person.checkedInAt)}
        </span>
      ) : (
        <Button size="sm" disabled={busy} onClick={onCheckIn} aria-label={`Check in ${person.fullName}`}>
          Check in
        </Button>
      )}
    </li>
  );
}

/** `/event/:eventId/check-in`, for hosts: scan tickets or search by name; going vs came afterwards. */
export function EventCheckInPage() {
  const { eventId = '' } = useParams();
  const { user } = useSession();
  const searchId = useId();
  const event = usePublicEvent(eventId, user?.id ?? null);
  const list = useAttendees(eventId);
  const checkIn = useCheckIn(eventId);
  const [query, setQuery] = useState('');
  const [scanner, setScanner] = useState<boolean | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void canScanQr().then(setScanner);
  }, []);

  const send = (body: { code: string } | { userId: string }) => {
    setResult(null);
    checkIn.mutate(body, {
      onSuccess: (person) => setResult({ ok: true, text: `${person.fullName} is checked in.` }),
      onError: (err) => setResult({ ok: false, text: errorMessage(err, 'Could not check this person in') }),
    });
  };

  const title = event.data?.title ?? 'Event';
  if (list.isError)
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <title>{`Check-in · Townsquare`}</title>
        <h1 className="font-display text-2xl font-semibold">Check-in</h1>
        <Alert variant="error">{errorMessage(list.error, 'Could not load the attendee list')}</Alert>
      </div>
    );
  const data = list.data;
  const going = data?.attendees.filter((a) => a.status === 'going') ?? [];
  const found = searchAttendees(data?.attendees ?? [], query);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <title>{`Check-in: ${title} · Townsquare`}</title>
      <Link
        to={`/event/${eventId}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the event
      </Link>
      <h1 className="font-display text-3xl font-semibold tracking-tight break-words">Check-in: {title}</h1>
      {!data ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          <Card className="p-5 sm:p-6">
            {data.ended ? (
              <p className="text-lg">
                <strong>{data.going}</strong> going, <strong>{data.came}</strong> came.
              </p>
            ) : (
              <p className="text-lg">
                <strong>{data.came}</strong> of <strong>{data.going}</strong> people going are checked in.
              </p>
            )}
          </Card>
          <Card className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold">Scan a ticket</h2>
            {scanner === null ? null : scanner ? (
              <Scanner onCode={(code) => send({ code })} />
            ) : (
              <p className="text-sm text-stone-700">
                This browser cannot scan QR codes (no BarcodeDetector). Search by name below instead.
              </p>
            )}
          </Card>
          <div role="status" aria-live="polite">
            {result ? <Alert variant={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
          </div>
          <Card className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold">Find by name</h2>
            <div className="space-y-1.5">
              <Label htmlFor={searchId}>Name or username</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
                  aria-hidden="true"
                />
                <Input
                  id={searchId}
                  type="search"
                  className="pl-9"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
              </div>
            </div>
            {going.length === 0 ? (
              <p className="text-sm text-stone-700">Nobody is going yet.</p>
            ) : found.length === 0 ? (
              <p className="text-sm text-stone-700">Nobody going matches “{query}”.</p>
            ) : (
              <ul className="divide-y divide-stone-100" aria-label="People going">
                {found.map((person) => (
                  <AttendeeRow
                    key={person.userId}
                    person={person}
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
