import type { Community, CommunityImport, MemberImportReport } from '@townsquare/contracts';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  downloadCommunityExport,
  useAcceptInvitation,
  useCommunityImports,
  useInviteMembers,
  useSetShareEmail,
  useSetSubscribed,
  useShareEmail,
  useStartImport,
} from '../api/club-io.ts';

/** "Import & export" on the Manage tab (issue 26): events from a feed or file, member invitations, the zip. */
export function CommunityImportExport({ community }: { community: Community }) {
  const headingId = useId();
  return (
    <section className="mt-10 max-w-2xl space-y-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        Import &amp; export
      </h2>
      <ImportEvents slug={community.slug} />
      <InviteMembers slug={community.slug} />
      {community.viewerRole === 'OWNER' ? <ExportCommunity slug={community.slug} /> : null}
    </section>
  );
}

function ImportEvents({ slug }: { slug: string }) {
  const imports = useCommunityImports(slug);
  const start = useStartImport(slug);
  const urlId = useId();
  const fileId = useId();
  const subscribeId = useId();
  const [subscribe, setSubscribe] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = (source: Parameters<typeof start.mutate>[0], form: HTMLFormElement) => {
    setProblem(null);
    start.mutate(source, {
      onSuccess: () => form.reset(),
      onError: (error) => setProblem(errorMessage(error, 'The import could not be started')),
    });
  };
  const fromUrl = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get('url') ?? '').trim();
    run({ url, subscribe }, event.currentTarget);
  };
  const fromFile = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return setProblem('Choose an .ics file');
    run({ file }, event.currentTarget);
  };

  return (
    <div className="space-y-4">
      <h3 className="font-semibold">Import events</h3>
      <p className="text-sm text-stone-700">
        From Google Calendar, Meetup, Luma or any calendar that publishes an ICS feed. Importing again updates
        the events instead of copying them.
      </p>
      <form onSubmit={fromUrl} className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor={urlId}>Calendar address (ICS feed)</Label>
          <Input
            id={urlId}
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://…/calendar.ics"
            required
          />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={subscribeId} checked={subscribe} onCheckedChange={setSubscribe} />
          <Label htmlFor={subscribeId}>Keep it subscribed (read again every day)</Label>
        </div>
        <Button type="submit" variant="secondary" disabled={start.isPending}>
          Import from address
        </Button>
      </form>
      <form onSubmit={fromFile} className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor={fileId}>Or upload an .ics file</Label>
          <Input id={fileId} name="file" type="file" accept=".ics,text/calendar" />
        </div>
        <Button type="submit" variant="secondary" disabled={start.isPending}>
          Upload and import
        </Button>
      </form>
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      {imports.data?.imports.length ? (
        <ul className="space-y-3" aria-label="Imports">
          {imports.data.imports.slice(0, 5).map((item) => (
            <ImportRow key={item.id} item={item} slug={slug} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ImportRow({ item, slug }: { item: CommunityImport; slug: string }) {
  const setSubscribed = useSetSubscribed(slug);
  const switchId = useId();
  const running = item.state === 'queued' || item.state === 'running';
  const written = item.created + item.updated + item.skipped;
  const status =
    item.state === 'queued'
      ? 'Waiting to start…'
      : item.state === 'running'
        ? `Importing… ${written} of ${item.total || '?'}`
        : item.state === 'failed'
          ? 'Failed'
          : `Done: ${item.created} created, ${item.updated} updated, ${item.skipped} skipped`;
  return (
    <li className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <p className="break-all text-sm font-medium text-stone-900">
        {item.url ?? item.fileName ?? 'Calendar file'}
      </p>
      <p className="text-sm text-stone-700" role="status" aria-live="polite">
        {status}
      </p>
      {running ? (
        <Progress value={item.total ? (written / item.total) * 100 : 5} aria-label="Import progress" />
      ) : null}
      {item.errors.length ? (
        <details className="text-sm" open={item.state === 'failed'}>
          <summary className="cursor-pointer text-stone-800">
            {item.errors.length} {item.errors.length === 1 ? 'problem' : 'problems'}
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">
            {item.errors.map((e, i) => (
              // Errors have no id; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's lines never move
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {item.url ? (
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={item.subscribed}
            disabled={setSubscribed.isPending}
            onCheckedChange={(subscribed) =>
              setSubscribed.mutate(
                { id: item.id, subscribed },
                { onError: (error) => toast.error(errorMessage(error, 'Could not change the subscription')) },
              )
            }
          />
          <Label htmlFor={switchId}>Re-read this feed every day</Label>
        </div>
      ) : null}
    </li>
  );
}

const REASONS: Record<MemberImportReport['skipped'][number]['reason'], string> = {
  invalid: 'not an e-mail address',
  'already a member': 'already a member',
  'already invited': 'already invited',
  blocked: 'blocked',
  duplicate: 'listed twice',
};

function InviteMembers({ slug }: { slug: string }) {
  const invite = useInviteMembers(slug);
  const csvId = useId();
  const [report, setReport] = useState<MemberImportReport | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const csv = String(new FormData(event.currentTarget).get('csv') ?? '');
    invite.mutate(csv, { onSuccess: setReport });
  };
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Invite members</h3>
      <form onSubmit={submit} className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor={csvId}>Members as CSV: one “name,email” a line</Label>
          <Textarea id={csvId} name="csv" rows={5} placeholder={'Ada Lovelace,ada@example.com'} required />
          <p className="text-xs text-stone-600">
            Each address gets an invitation e-mail. Nobody becomes a member until they follow it.
          </p>
        </div>
        <Button type="submit" variant="secondary" disabled={invite.isPending}>
          Send invitations
        </Button>
      </form>
      {invite.isError ? (
        <Alert variant="error">{errorMessage(invite.error, 'The invitations could not be sent')}</Alert>
      ) : null}
      {report ? (
        <div className="space-y-2 text-sm" role="status">
          <p className="font-medium">
            {report.sent.length} {report.sent.length === 1 ? 'invitation' : 'invitations'} on their way,{' '}
            {report.skipped.length} skipped.
          </p>
          {report.skipped.length ? (
            <ul className="list-disc space-y-1 pl-5 text-stone-800" aria-label="Skipped addresses">
              {report.skipped.map((s) => (
                <li key={`${s.line}-${s.email}`}>
                  Line {s.line}: {s.email || '(empty)'}: {REASONS[s.reason]}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ExportCommunity({ slug }: { slug: string }) {
  const [state, setState] = useState<'idle' | 'working' | 'waiting'>('idle');
  const download = async () => {
    setState('working');
    try {
      await downloadCommunityExport(slug, () => setState('waiting'));
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be made'));
    } finally {
      setState('idle');
    }
  };
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Export</h3>
      <p className="text-sm text-stone-700">
        Everything in one zip: settings, members (e-mail addresses only of those who share them), every event
        as a calendar file and as data with its answers.
      </p>
      <Button type="button" variant="secondary" onClick={download} disabled={state !== 'idle'}>
        <ArrowDownToLine className="size-4" aria-hidden="true" />
        {state === 'waiting' ? 'Preparing the export…' : 'Download the community'}
      </Button>
    </div>
  );
}

/** A member's consent to show organisers their e-mail address (in the export). */
export function ShareEmailSetting({ slug }: { slug: string }) {
  const current = useShareEmail(slug);
  const set = useSetShareEmail(slug);
  const id = useId();
  return (
    <div className="mb-4 flex items-center gap-3">
      <Switch
        id={id}
        checked={current.data?.shareEmail ?? false}
        disabled={current.isPending || set.isPending}
        onCheckedChange={(share) =>
          set.mutate(share, { onError: (error) => toast.error(errorMessage(error, 'Could not save')) })
        }
      />
      <Label htmlFor={id}>
        <ArrowUpFromLine className="mr-1 inline size-4" aria-hidden="true" />
        Let the organisers see my e-mail address
      </Label>
    </div>
  );
}

/**
 * The page an invitation e-mail links to (`/c/:slug?invite=<token>`): signed in, one click joins;
 * signed out, sign in (or create an account) first and come back here with the invitation.
 */
export function InvitationBanner({ community, signedIn }: { community: Community; signedIn: boolean }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const accept = useAcceptInvitation(community.slug);
  const token = params.get('invite');
  if (!token || community.viewerState === 'member') return null;
  const done = () => {
    const next = new URLSearchParams(params);
    next.delete('invite');
    setParams(next, { replace: true });
    toast.success(`Welcome to ${community.name}`);
  };
  return (
    <Alert variant="info" title={`You're invited to join ${community.name}`} className="mb-6">
      {signedIn ? (
        <div className="mt-2 space-y-2">
          <Button
            type="button"
            onClick={() => accept.mutate(token, { onSuccess: done })}
            disabled={accept.isPending}
          >
            Accept the invitation
          </Button>
          {accept.isError ? (
            <p className="text-sm text-red-800">
              {errorMessage(accept.error, 'The invitation could not be accepted')}
            </p>
          ) : null}
        </div>
      ) : (
        <Link
          to="/login"
          state={{ from: { pathname: location.pathname, search: location.search } }}
          className={buttonVariants({ className: 'mt-2' })}
        >
          Sign in to accept
        </Link>
      )}
    </Alert>
  );
}
