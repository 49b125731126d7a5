import { Flag } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useMyReports } from '../api/my-reports.ts';

/** /settings: what the person reported and what came of it (until notifications land, the other place they are told). */
export function MyReportsCard() {
  const reports = useMyReports();
  const rows = reports.data?.reports ?? [];
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Flag className="size-5 text-brand-700" aria-hidden="true" />
          {t('moderation.mine.title')}
        </CardTitle>
        <CardDescription>{t('moderation.mine.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {reports.isPending ? (
          <Skeleton className="h-12" />
        ) : reports.isError ? (
          <Alert variant="error">{errorMessage(reports.error, t('moderation.mine.loadFailed'))}</Alert>
        ) : rows.length === 0 ? (
          <p className="text-sm text-stone-700">{t('moderation.mine.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label={t('moderation.mine.title')}>
            {rows.map((report) => (
              <li key={report.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <p className="text-sm text-stone-800">
                  {t(`moderation.mine.kind.${report.subjectType}`)} ·{' '}
                  {t(`moderation.reason.${report.reason}`)} · {formatCardDate(report.createdAt)}
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
