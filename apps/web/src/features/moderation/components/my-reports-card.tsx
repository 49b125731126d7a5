import { REPORT_REASON_LABELS } from '@townsquare/contracts';
import { Flag } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate } from '../../../lib/format.ts';
import { useMyReports } from '../api/my-reports.ts';

const KIND: Record<string, string> = {
  message: 'A message',
  event: 'An event',
  user: 'A profile',
  community: 'A community',
};

/** /settings: what the person reported and what came of it (until notifications land, the other place they are told). */
export function MyReportsCard() {
  const reports = useMyReports();
  const rows = reports.data?.reports ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Flag className="size-5 text-brand-700" aria-hidden="true" />
          Your reports
        </CardTitle>
        <CardDescription>What you reported to the moderators, and what they decided.</CardDescription>
      </CardHeader>
      <CardContent>
        {reports.isPending ? (
          <Skeleton className="h-12" />
        ) : reports.isError ? (
          <Alert variant="error">{errorMessage(reports.error, 'Your reports could not be loaded.')}</Alert>
        ) : rows.length === 0 ? (
          <p className="text-sm text-stone-700">You have not reported anything.</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="Your reports">
            {rows.map((report) => (
              <li key={report.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <p className="text-sm text-stone-800">
                  {KIND[report.subjectType]} · {REPORT_REASON_LABELS[report.reason]} ·{' '}
                  {formatCardDate(report.createdAt)}
                </p>
                <Badge tone={report.state === 'open' ? 'amber' : 'teal'}>{report.outcome}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
