import type {
  Community,
  CommunityImport,
  ImportDates,
  MemberImportPreview,
  MemberImportReport,
} from '@townsquare/contracts';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, FailedAlert } from '../../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import {
  downloadCommunityExport,
  useAcceptInvitation,
  useCommunityImports,
  useInviteMembers,
  usePreviewMembers,
  useSetShareEmail,
  useSetSubscribed,
  useShareEmail,
  useStartImport,
} from '../api/club-io.ts';

/** "Import & export" on the Manage tab: events from a feed or file, member invitations, the zip. */
export function CommunityImportExport({ community }: { community: Community }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="mt-10 max-w-2xl space-y-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {t('communities.io.title')}
      </h2>
      <ImportEvents slug={community.slug} />
      <InviteMembers slug={community.slug} />
      {community.viewerRole === 'OWNER' ? <ExportCommunity slug={community.slug} /> : null}
    </section>
  );
}

function ImportEvents({ slug }: { slug: string }) {
  const t = useT();
  const imports = useCommunityImports(slug);
  const start = useStartImport(slug);
  const urlId = useId();
  const fileId = useId();
  const subscribeId = useId();
  const problemId = useId();
  const [subscribe, setSubscribe] = useState(false);
  const [dates, setDates] = useState<ImportDates>('publish');
  const [problem, setProblem] = useState<string | null>(null);
  const [badUrl, setBadUrl] = useState(false);

  const run = (source: Parameters<typeof start.mutate>[0], form: HTMLFormElement) => {
    setProblem(null);
    setBadUrl(false);
    start.mutate(source, {
      onSuccess: () => form.reset(),
      onError: (error) => setProblem(errorMessage(error, t('communities.io.importFailed'))),
    });
  };
  // The form checks the address itself (noValidate): the browser's own bubble says nothing in
  // some browsers and is not read out, so a refused address is named in the alert below.
  const fromUrl = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get('url') ?? '').trim();
    if (!url || !/^(https?|webcal):\/\/[^\s/]+/i.test(url)) {
      setBadUrl(true);
      return setProblem(t(url ? 'communities.io.urlInvalid' : 'communities.io.urlRequired'));
    }
    run({ url, subscribe, dates }, event.currentTarget);
  };
  const fromFile = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return setProblem(t('communities.io.chooseFile'));
    run({ file, dates }, event.currentTarget);
  };

  return (
    <div className="space-y-4">
      <h3 className="font-semibold">{t('communities.io.importEvents')}</h3>
      <p className="text-sm text-stone-700">{t('communities.io.importLead')}</p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t('communities.io.dates')}</legend>
        {(
          [
            ['publish', 'communities.io.datesPublish'],
            ['ask', 'communities.io.datesAsk'],
          ] as const
        ).map(([choice, label]) => (
          <label key={choice} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="import-dates"
              checked={dates === choice}
              onChange={() => setDates(choice)}
              className="size-4 accent-brand-700"
            />
            {t(label)}
          </label>
        ))}
      </fieldset>
      <form onSubmit={fromUrl} className="space-y-3" noValidate>
        <div className="space-y-1">
          <Label htmlFor={urlId}>{t('communities.io.feedUrl')}</Label>
          <Input
            id={urlId}
            name="url"
            type="url"
            inputMode="url"
            placeholder={t('communities.io.feedPlaceholder')}
            required
            aria-invalid={badUrl || undefined}
            aria-describedby={badUrl ? problemId : undefined}
          />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={subscribeId} checked={subscribe} onCheckedChange={setSubscribe} />
          <Label htmlFor={subscribeId}>{t('communities.io.subscribe')}</Label>
        </div>
        <Button type="submit" variant="secondary" disabled={start.isPending}>
          {t('communities.io.importUrl')}
        </Button>
      </form>
      <form onSubmit={fromFile} className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor={fileId}>{t('communities.io.uploadLabel')}</Label>
          <Input id={fileId} name="file" type="file" accept=".ics,text/calendar" />
        </div>
        <Button type="submit" variant="secondary" disabled={start.isPending}>
          {t('communities.io.upload')}
        </Button>
      </form>
      {problem ? (
        <Alert variant="error" id={problemId}>
          {problem}
        </Alert>
      ) : null}
      {imports.data?.imports.length ? (
        <ul className="space-y-3" aria-label={t('communities.io.imports')}>
          {imports.data.imports.slice(0, 5).map((item) => (
            <ImportRow key={item.id} item={item} slug={slug} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ImportRow({ item, slug }: { item: CommunityImport; slug: string }) {
  const t = useT();
  const setSubscribed = useSetSubscribed(slug);
  const switchId = useId();
  const running = item.state === 'queued' || item.state === 'running';
  const written = item.created + item.updated + item.skipped;
  const status =
    item.state === 'queued'
      ? t('communities.io.waiting')
      : item.state === 'running'
        ? t('communities.io.importing', { written, total: item.total || '?' })
        : item.state === 'failed'
          ? t('communities.io.failed')
          : t('communities.io.done', { created: item.created, updated: item.updated, skipped: item.skipped });
  return (
    <li className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <p className="break-all text-sm font-medium text-stone-900">
        {item.url ?? item.fileName ?? t('communities.io.calendarFile')}
      </p>
      <p className="text-sm text-stone-700" role="status" aria-live="polite">
        {status}
      </p>
      {running ? (
        <Progress
          value={item.total ? (written / item.total) * 100 : 5}
          aria-label={t('communities.io.progress')}
        />
      ) : null}
      {item.errors.length ? (
        <details className="text-sm" open={item.state === 'failed'}>
          <summary className="cursor-pointer text-stone-800">
            {t('communities.io.problems', { count: item.errors.length })}
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">
            {item.errors.map((e, i) => (
              // Errors have no id; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's lines never move
              <li key={i}>
                {e.title
                  ? t('communities.io.problemLine', { title: e.title, message: e.message })
                  : e.message}
              </li>
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
                {
                  onError: (error) =>
                    toast.error(errorMessage(error, t('communities.io.subscriptionFailed'))),
                },
              )
            }
          />
          <Label htmlFor={switchId}>{t('communities.io.rereadDaily')}</Label>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The text of a chosen member list (decision 076): UTF-16 by its byte-order mark (Excel's "Unicode
 * text"), else UTF-8, else Windows-1252 (Excel's legacy "CSV (Comma delimited)" on Windows).
 */
export async function readListFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** An Excel workbook (xlsx: a zip; xls: OLE2) by its first bytes, as `readListFile` decodes them. */
export const isWorkbook = (text: string) =>
  ['PK\u0003\u0004', '\u00D0\u00CF\u0011\u00E0'].some((signature) => text.startsWith(signature));

type Skipped = MemberImportReport['skipped'][number];

const REASONS: Record<Skipped['reason'], string> = {
  invalid: 'communities.io.reason.invalid',
  'already a member': 'communities.io.reason.member',
  'already invited': 'communities.io.reason.invited',
  blocked: 'communities.io.reason.blocked',
  duplicate: 'communities.io.reason.duplicate',
  suppressed: 'communities.io.reason.suppressed',
  'daily limit': 'communities.io.reason.dailyLimit',
  'recipient limit': 'communities.io.reason.recipientLimit',
  'no address': 'communities.io.reason.noAddress',
};

/**
 * Member invitations (decisions 063, 076): the list is pasted or chosen as a file, checked first
 * (the preview: what would be sent, who is left out and why), and sent only once confirmed.
 */
function InviteMembers({ slug }: { slug: string }) {
  const t = useT();
  const check = usePreviewMembers(slug);
  const invite = useInviteMembers(slug);
  const csvId = useId();
  const fileId = useId();
  const previewId = useId();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<MemberImportPreview | null>(null);
  const [report, setReport] = useState<MemberImportReport | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const edit = (text: string) => {
    setFileProblem(null);
    setCsv(text);
    setPreview(null);
    setReport(null);
    check.reset();
    invite.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setReport(null);
    check.mutate(csv, { onSuccess: setPreview });
  };
  const send = () =>
    invite.mutate(csv, {
      onSuccess: (answer) => {
        setPreview(null);
        setReport(answer);
      },
    });
  const reason = (s: Skipped) =>
    s.reason === 'duplicate' && s.duplicateOf
      ? t('communities.io.reason.duplicateOf', { row: s.duplicateOf })
      : t(REASONS[s.reason]);
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">{t('communities.io.invite')}</h3>
      <form onSubmit={submit} className="space-y-3">
        <div className="space-y-1">
          <Label htmlFor={fileId}>{t('communities.io.csvFile')}</Label>
          <Input
            id={fileId}
            type="file"
            accept=".csv,.tsv,.txt,.xls,.xlsx,.vcf,text/csv,text/plain,text/tab-separated-values,text/vcard"
            onChange={async (event) => {
              const file = event.currentTarget.files?.[0];
              if (!file) return;
              const text = await readListFile(file);
              // A workbook is binary: the server's answer would be about its bytes, not the list.
              if (isWorkbook(text)) {
                edit('');
                setFileProblem(t('errors.CLUB_IO_CSV_WORKBOOK'));
              } else edit(text);
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={csvId}>{t('communities.io.csvLabel')}</Label>
          <Textarea
            id={csvId}
            name="csv"
            rows={5}
            value={csv}
            onChange={(event) => edit(event.target.value)}
            placeholder={t('communities.io.csvPlaceholder')}
            required
          />
          <p className="text-xs text-stone-600">{t('communities.io.csvHint')}</p>
        </div>
        <Button type="submit" variant="secondary" disabled={check.isPending || !csv.trim()}>
          {t('communities.io.checkList')}
        </Button>
      </form>
      {fileProblem ? <Alert variant="error">{fileProblem}</Alert> : null}
      <FailedAlert failed={check} fallback={t('communities.io.checkFailed')} />
      {preview ? (
        <section
          className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 text-sm"
          aria-labelledby={previewId}
        >
          <h4 id={previewId} className="font-semibold">
            {t('communities.io.previewTitle')}
          </h4>
          <ul className="space-y-1" aria-label={t('communities.io.previewCounts')}>
            <li>{t('communities.io.previewRows', { count: preview.rows })}</li>
            <li>{t('communities.io.previewToInvite', { count: preview.toInvite })}</li>
            <li>{t('communities.io.previewMembers', { count: preview.alreadyMembers })}</li>
            <li>{t('communities.io.previewNoAddress', { count: preview.withoutAddress })}</li>
          </ul>
          {preview.columns.email.length ? (
            <p className="text-stone-700">
              {t('communities.io.previewColumns', {
                email: preview.columns.email.join(', '),
                name: preview.columns.name.join(', ') || '–',
              })}
            </p>
          ) : null}
          {preview.invite.length ? (
            <details>
              <summary className="cursor-pointer">{t('communities.io.previewWho')}</summary>
              <ul className="mt-2 list-disc space-y-1 pl-5 break-all">
                {preview.invite.map((r) => (
                  <li key={`${r.line}-${r.email}`}>
                    {r.name ? `${r.name} <${r.email}>` : `${r.email} (${t('communities.io.noName')})`}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {preview.skipped.length ? (
            <ul
              className="list-disc space-y-1 pl-5 text-stone-800 break-all"
              aria-label={t('communities.io.skipped')}
            >
              {preview.skipped.map((s) => (
                <li key={`${s.line}-${s.email}`}>
                  {t('communities.io.previewSkipped', {
                    line: s.line,
                    who: s.email || s.name || t('communities.io.empty'),
                    reason: reason(s),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {preview.toInvite > 0 ? (
              <Button type="button" onClick={send} disabled={invite.isPending}>
                {t('communities.io.confirmSend', { count: preview.toInvite })}
              </Button>
            ) : (
              <p className="font-medium">{t('communities.io.nobodyToInvite')}</p>
            )}
            <Button type="button" variant="secondary" onClick={() => setPreview(null)}>
              {t('communities.io.changeList')}
            </Button>
          </div>
        </section>
      ) : null}
      <FailedAlert failed={invite} fallback={t('communities.io.inviteFailed')} />
      {report ? (
        <div className="space-y-2 text-sm" role="status">
          <p className="font-medium">
            {t('communities.io.report', { sent: report.sent.length, skipped: report.skipped.length })}
          </p>
          {report.skipped.length ? (
            <ul className="list-disc space-y-1 pl-5 text-stone-800" aria-label={t('communities.io.skipped')}>
              {report.skipped.map((s) => (
                <li key={`${s.line}-${s.email}`}>
                  {t('communities.io.skippedLine', {
                    line: s.line,
                    email: s.email || t('communities.io.empty'),
                    reason: reason(s),
                  })}
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
  const t = useT();
  const [state, setState] = useState<'idle' | 'working' | 'waiting'>('idle');
  const download = async () => {
    setState('working');
    try {
      await downloadCommunityExport(slug, () => setState('waiting'));
    } catch (error) {
      toast.error(errorMessage(error, t('communities.io.exportFailed')));
    } finally {
      setState('idle');
    }
  };
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">{t('communities.io.export')}</h3>
      <p className="text-sm text-stone-700">{t('communities.io.exportLead')}</p>
      <Button type="button" variant="secondary" onClick={download} disabled={state !== 'idle'}>
        <ArrowDownToLine className="size-4" aria-hidden="true" />
        {state === 'waiting' ? t('communities.io.preparing') : t('communities.io.download')}
      </Button>
    </div>
  );
}

/** A member's consent to show organisers their e-mail address (in the export). */
export function ShareEmailSetting({ slug }: { slug: string }) {
  const t = useT();
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
          set.mutate(share, {
            onError: (error) => toast.error(errorMessage(error, t('communities.io.saveFailed'))),
          })
        }
      />
      <Label htmlFor={id}>
        <ArrowUpFromLine className="mr-1 inline size-4" aria-hidden="true" />
        {t('communities.io.shareEmail')}
      </Label>
    </div>
  );
}

/**
 * The page an invitation e-mail links to (`/c/:slug?invite=<token>`): signed in, one click joins;
 * signed out, sign in (or create an account) first and come back here with the invitation.
 */
export function InvitationBanner({ community, signedIn }: { community: Community; signedIn: boolean }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const accept = useAcceptInvitation(community.slug);
  const token = params.get('invite');
  if (!token || community.viewerState === 'member') return null;
  const done = () => {
    const next = new URLSearchParams(params);
    next.delete('invite');
    setParams(next, { replace: true });
    toast.success(t('communities.invite.welcome', { name: community.name }));
  };
  return (
    <Alert variant="info" title={t('communities.invite.title', { name: community.name })} className="mb-6">
      {signedIn ? (
        <div className="mt-2 space-y-2">
          <Button
            type="button"
            onClick={() => accept.mutate(token, { onSuccess: done })}
            disabled={accept.isPending}
          >
            {t('communities.invite.accept')}
          </Button>
          {accept.isError ? (
            <p className="text-sm text-red-800">
              {errorMessage(accept.error, t('communities.invite.acceptFailed'))}
            </p>
          ) : null}
        </div>
      ) : (
        <Link
          to="/login"
          state={{ from: { pathname: location.pathname, search: location.search } }}
          className={buttonVariants({ className: 'mt-2' })}
        >
          {t('communities.invite.signIn')}
        </Link>
      )}
    </Alert>
  );
}
