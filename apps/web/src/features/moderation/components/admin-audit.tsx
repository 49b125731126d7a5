import type { AuditEntry } from '@townsquare/contracts';
import { ScrollText } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate, formatMessageTime } from '../../../lib/format.ts';
import { useAdminAudit } from '../api/admin-audit.ts';

const ACTION_TEXT: Record<string, string> = {
  'report.resolve': 'resolved a report on',
  hide: 'hid',
  'user.suspend': 'suspended',
  'user.restore': 'restored',
  'message.delete': 'deleted',
  'community.ban': 'banned from a community',
  'community.remove': 'removed from a community',
  'community.role': 'changed the community role of',
  'community.verify': 'changed the verified flag of',
  'user.verified-community': 'changed the verified-community flag of',
  'admin.grant': 'granted admin to',
  'admin.revoke': 'revoked admin from',
};

function describe(entry: AuditEntry): string {
  const who = entry.actor ? (entry.actor.username ?? entry.actor.fullName) : 'The command line';
  return `${who} ${ACTION_TEXT[entry.action] ?? entry.action} ${entry.subjectType} ${entry.subjectId.slice(0, 8)}…`;
}

/** Every admin and organiser action, newest first. */
export function AdminAudit() {
  const audit = useAdminAudit();
  const rows = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="text-lg font-semibold text-stone-900">
        Audit log
      </h2>
      {audit.isPending ? (
        <div role="status" aria-label="Loading the audit log">
          <Skeleton className="h-48" />
        </div>
      ) : audit.isError ? (
        <Alert variant="error" title="The audit log could not be loaded">
          {errorMessage(audit.error, 'Please try again in a moment.')}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState icon={ScrollText} title="Nothing recorded yet" headingLevel="h3">
          <p>Moderation and organiser actions show up here.</p>
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
                <span className="min-w-0 text-sm break-words text-stone-800">
                  {describe(entry)}
                  {typeof entry.details.reason === 'string' ? ` · “${entry.details.reason}”` : ''}
                  {typeof entry.details.action === 'string' ? ` · ${entry.details.action}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </Card>
      )}
      {audit.hasNextPage ? (
        <Button variant="secondary" onClick={() => audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
