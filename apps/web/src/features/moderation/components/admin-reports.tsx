import type { AdminReport, ReportRoom, ReportSubject } from '@townsquare/contracts';
import { Flag } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { LoadingSkeletons } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatCardDate, formatMessageTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { type ReportState, useAdminReports } from '../api/admin-reports.ts';
import { useResolveReport } from '../api/resolve-report.ts';
import { SuspendDialog } from './suspend-dialog.tsx';

/** A reported message's title: the kind of room it was written in. */
const ROOM_TITLES: Record<ReportRoom, string> = {
  general: 'admin.reports.room.general',
  event: 'admin.reports.room.event',
  community: 'admin.reports.room.community',
  subgroup: 'admin.reports.room.subgroup',
  group: 'admin.reports.room.group',
  direct: 'admin.reports.room.direct',
};

/** The reported thing as the moderator needs to judge it: a message among its neighbours, etc. */
function SubjectInContext({ subject }: { subject: ReportSubject }) {
  const t = useT();
  if (!subject.exists) return <p className="text-sm text-stone-700 italic">{t('admin.reports.gone')}</p>;
  const title = subject.room ? t(ROOM_TITLES[subject.room]) : subject.title;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-stone-900">
        {subject.url ? (
          <Link to={subject.url} className="hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
        {subject.hidden ? <Badge tone="rose">{t('admin.reports.hidden')}</Badge> : null}
        {subject.author?.suspended ? <Badge tone="amber">{t('admin.reports.authorSuspended')}</Badge> : null}
      </p>
      {subject.author ? (
        <p className="text-sm text-stone-700">
          {t.rich('admin.reports.by', {
            name: subject.author.username ? `@${subject.author.username}` : subject.author.fullName,
            link: (chunks: ReactNode[]) => (
              <Link to={`/user/${subject.author?.id}`} className="font-semibold hover:underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      {subject.type === 'message' ? (
        <ol
          className="space-y-1 rounded-xl border border-stone-200 bg-stone-50 p-3"
          aria-label={t('admin.reports.inRoom')}
        >
          {subject.context.map((m) => (
            <li
              key={m.id}
              className={cn(
                'rounded-lg px-2 py-1 text-sm',
                m.reported ? 'border border-rose-300 bg-rose-50' : 'text-stone-700',
              )}
            >
              <span className="font-semibold">
                {m.sender?.username ?? m.sender?.fullName ?? t('admin.reports.deletedUser')}
              </span>{' '}
              <time dateTime={m.createdAt} className="text-xs text-stone-600">
                {formatMessageTime(m.createdAt)}
              </time>
              {m.reported ? <span className="sr-only"> {t('admin.reports.reportedMessage')}</span> : null}
              {m.hidden ? (
                <span className="text-xs text-rose-800"> {t('admin.reports.hiddenMessage')}</span>
              ) : null}
              <span className="block whitespace-pre-wrap">{m.content}</span>
            </li>
          ))}
        </ol>
      ) : subject.text ? (
        <p className="line-clamp-4 text-sm whitespace-pre-wrap text-stone-700">{subject.text}</p>
      ) : null}
    </div>
  );
}

function ReportActions({ report }: { report: AdminReport }) {
  const resolve = useResolveReport();
  const [suspending, setSuspending] = useState(false);
  const t = useT();
  const name =
    report.subject.author?.username ?? report.subject.author?.fullName ?? t('admin.reports.theAuthor');
  const run = (body: Parameters<typeof resolve.mutate>[0]['body'], done: string) =>
    resolve.mutate(
      { id: report.id, body },
      {
        onSuccess: ({ resolved }) => {
          setSuspending(false);
          toast.success(t('admin.reports.resolved', { done, count: resolved }));
        },
        onError: (error) => {
          if (!suspending) toast.error(errorMessage(error, t('admin.reports.resolveFailed')));
        },
      },
    );
  const hideable =
    report.subject.exists && (report.subjectType === 'message' || report.subjectType === 'event');
  const suspendable = Boolean(report.subject.author) && !report.subject.author?.isAdmin;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        disabled={resolve.isPending}
        onClick={() => run({ action: 'dismiss' }, t('admin.reports.dismissed'))}
      >
        {t('admin.reports.dismiss')}
      </Button>
      {hideable ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={resolve.isPending}
          onClick={() => run({ action: 'hide' }, t('admin.reports.hidden'))}
        >
          {t(`admin.reports.hide.${report.subjectType}`)}
        </Button>
      ) : null}
      {suspendable ? (
        <Button
          size="sm"
          variant="destructive"
          disabled={resolve.isPending}
          onClick={() => setSuspending(true)}
        >
          {t('admin.reports.suspendAuthor')}
        </Button>
      ) : null}
      <SuspendDialog
        open={suspending}
        onOpenChange={setSuspending}
        name={name}
        busy={resolve.isPending}
        error={suspending && resolve.isError ? errorMessage(resolve.error, t('admin.suspend.failed')) : null}
        reasonLabel={t('admin.reports.note')}
        onConfirm={({ days, reason }) =>
          run({ action: 'suspend', days, note: reason }, t('admin.reports.suspended', { name }))
        }
      />
    </div>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const t = useT();
  return (
    <li>
      <Card className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="brand">{t(`admin.subject.${report.subjectType}`)}</Badge>
          <Badge tone="rose">{t(`moderation.reason.${report.reason}`)}</Badge>
          <span className="text-stone-700">
            {t('admin.reports.count', { count: report.subjectReportCount })}
          </span>
          <span className="text-stone-600">
            ·{' '}
            {t('admin.reports.reporter', {
              name: report.reporter?.username ?? report.reporter?.fullName ?? t('admin.reports.aDeletedUser'),
              date: formatCardDate(report.createdAt),
            })}
          </span>
        </div>
        {report.details ? (
          <blockquote className="border-l-4 border-stone-300 pl-3 text-sm text-stone-800">
            {report.details}
          </blockquote>
        ) : null}
        <SubjectInContext subject={report.subject} />
        {report.state === 'open' ? (
          <ReportActions report={report} />
        ) : (
          <p className="text-sm text-stone-700">
            {report.outcome}
            {report.resolvedBy
              ? ` · ${t('admin.reports.resolvedBy', { name: report.resolvedBy.username ?? report.resolvedBy.fullName })}`
              : ''}
            {report.note ? ` · “${report.note}”` : ''}
          </p>
        )}
      </Card>
    </li>
  );
}

/** The moderation queue: open reports oldest first, each with its subject in context; or the resolved ones. */
export function AdminReports() {
  const [state, setState] = useState<ReportState>('open');
  const reports = useAdminReports(state);
  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  const t = useT();
  return (
    <section aria-labelledby="reports-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reports-heading" className="text-lg font-semibold text-stone-900">
          {state === 'open' ? t('admin.reports.openTitle') : t('admin.reports.resolvedTitle')}
        </h2>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t('admin.reports.which')}</legend>
          {(['open', 'resolved'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={state === value ? 'soft' : 'ghost'}
              aria-pressed={state === value}
              onClick={() => setState(value)}
            >
              {value === 'open' ? t('admin.reports.open') : t('admin.reports.resolvedState')}
            </Button>
          ))}
        </fieldset>
      </div>
      {reports.isPending ? (
        <LoadingSkeletons
          className="space-y-2"
          label={t('admin.reports.loading')}
          count={2}
          barClassName="h-40"
        />
      ) : reports.isError ? (
        <Alert variant="error" title={t('admin.reports.loadFailed')}>
          {errorMessage(reports.error, t('admin.tryAgain'))}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Flag}
          title={state === 'open' ? t('admin.reports.emptyOpen') : t('admin.reports.emptyResolved')}
          headingLevel="h3"
        >
          <p>{state === 'open' ? t('admin.reports.emptyOpenHint') : t('admin.reports.emptyResolvedHint')}</p>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {rows.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </ul>
      )}
      <LoadMoreButton pages={reports}>{t('admin.loadMore')}</LoadMoreButton>
    </section>
  );
}
