import { CalendarCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { eventTimeText } from '../../../lib/event-time.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useDecideOccurrence } from '../api/confirm-occurrence.ts';
import { usePendingOccurrences } from '../api/get-pending-occurrences.ts';

/**
 * Dashboard: "Confirm next week's dates?" lists my series' dates starting in the next 7 days that
 * are still drafts. Confirm makes one live (and counts everyone going to the whole series); Skip
 * this date removes it. Nothing shows when there is nothing to decide.
 */
export function ConfirmRunsCard() {
  const t = useT();
  const pending = usePendingOccurrences();
  const decide = useDecideOccurrence();
  const events = pending.data ?? [];
  if (events.length === 0) return null;
  return (
    <Card className="space-y-4 border-amber-200 bg-amber-50 p-5 sm:p-6">
      <h2 id="confirm-runs" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <CalendarCheck className="size-5 text-amber-800" aria-hidden="true" />
        {t('events.runs.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('events.runs.lead')}</p>
      <ul aria-labelledby="confirm-runs" className="space-y-3">
        {events.map((event) => {
          const when = eventTimeText(event);
          const busy = decide.isPending && decide.variables?.eventId === event.id;
          const run = (decision: 'confirm' | 'skip') =>
            decide.mutate(
              { eventId: event.id, decision },
              {
                onSuccess: () =>
                  toast.success(
                    decision === 'confirm' ? t('events.runs.confirmed') : t('events.runs.skipped'),
                  ),
                onError: (error) => toast.error(errorMessage(error, t('events.runs.failed'))),
              },
            );
          return (
            <li
              key={event.id}
              className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold">{event.title}</p>
                <p className="text-sm text-stone-700">
                  {when.date}, {when.time}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => run('confirm')}
                  aria-label={t('events.runs.confirmLabel', { title: event.title, date: when.date })}
                >
                  {t('events.runs.confirm')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => run('skip')}
                  aria-label={t('events.runs.skipLabel', { title: event.title, date: when.date })}
                >
                  {t('events.runs.skip')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
