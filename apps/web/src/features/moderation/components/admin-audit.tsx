import type { AuditEntry } from '@townsquare/contracts';
import { ScrollText } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { LoadingSkeletons } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate, formatMessageTime } from '../../../lib/format.ts';
import { hasMessage, translate, useT } from '../../../lib/i18n/intl.tsx';
import { useAdminAudit } from '../api/admin-audit.ts';

/** "ana suspended user 1a2b3c4d…": `admin.audit.action.<action>` (an unknown action by its name). */
function describe(entry: AuditEntry): string {
  const who = entry.actor ? (entry.actor.username ?? entry.actor.fullName) : translate('admin.audit.cli');
  // The audit log's own words for a subject ("suspended user 0190a0b0…"), not the reports' labels.
  const type = `admin.audit.subject.${entry.subjectType}`;
  const subject = `${hasMessage(type) ? translate(type) : entry.subjectType} ${entry.subjectId.slice(0, 8)}…`;
  const action = `admin.audit.action.${entry.action}`;
  return hasMessage(action)
    ? translate(action, { who, subject })
    : translate('admin.audit.action.other', { who, action: entry.action, subject });
}

/** Every admin and organiser action, newest first. */
export function AdminAudit() {
  const audit = useAdminAudit();
  const rows = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const t = useT();
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="text-lg font-semibold text-stone-900">
        {t('admin.audit.title')}
      </h2>
      {audit.isPending ? (
        <LoadingSkeletons label={t('admin.audit.loading')} barClassName="h-48" />
      ) : audit.isError ? (
        <Alert variant="error" title={t('admin.audit.loadFailed')}>
          {errorMessage(audit.error, t('admin.tryAgain'))}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('admin.audit.empty')} headingLevel="h3">
          <p>{t('admin.audit.emptyHint')}</p>
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <ol className="divide-y divide-stone-100">
            {rows.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:gap-4 sm:px-6"
              >
                <time dateTime={entry.createdAt} className="shrink-0 text-xs text-stone-600 sm:w-40">
                  {formatCardDate(entry.createdAt)} {formatMessageTime(entry.createdAt)}
                </time>
                <span className="min-w-0 text-sm text-stone-800">
                  {describe(entry)}
                  {typeof entry.details.reason === 'string' ? ` · “${entry.details.reason}”` : ''}
                  {typeof entry.details.action === 'string' ? ` · ${entry.details.action}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </Card>
      )}
      <LoadMoreButton pages={audit}>{t('admin.loadMore')}</LoadMoreButton>
    </section>
  );
}
