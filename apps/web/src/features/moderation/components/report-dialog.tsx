import {
  MODERATION_LIMITS,
  REPORT_REASONS,
  type ReportReason,
  type ReportSubjectType,
} from '@townsquare/contracts';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogForm,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCreateReport } from '../api/create-report.ts';

export interface ReportTarget {
  subjectType: ReportSubjectType;
  subjectId: string;
  /** What is reported, in words: "this message", "this event", "Ada's profile". */
  label: string;
}

/**
 * The report form: a reason (radio group), optional details, then "Report sent". A dialog (focus
 * trapped, Escape closes); the parent owns `open`, so any menu can open it.
 */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const report = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const id = useId();

  function change(next: boolean) {
    if (!next) {
      report.reset();
      setReason(null);
      setDetails('');
      setMissingReason(false);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate({
      subjectType: target.subjectType,
      subjectId: target.subjectId,
      reason,
      ...(details.trim() ? { details: details.trim() } : {}),
    });
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent aria-describedby={`${id}-description`}>
        {report.isSuccess ? (
          <div className="space-y-4 text-center" role="status">
            <CheckCircle2 className="mx-auto size-10 text-teal-700" aria-hidden="true" />
            <DialogTitle>{t('moderation.report.sent')}</DialogTitle>
            <DialogDescription id={`${id}-description`}>{t('moderation.report.thanks')}</DialogDescription>
            <DialogClose asChild>
              <Button className="w-full sm:w-auto">{t('moderation.report.done')}</Button>
            </DialogClose>
          </div>
        ) : (
          <DialogForm
            onSubmit={submit}
            title={t('moderation.report.title', { label: target.label })}
            description={t('moderation.report.private')}
            descriptionId={`${id}-description`}
            error={report.isError ? errorMessage(report.error, t('moderation.report.failed')) : null}
            cancel={t('moderation.report.cancel')}
            action={t('moderation.report.send')}
            pending={report.isPending}
          >
            <fieldset
              className="space-y-2"
              aria-describedby={missingReason ? `${id}-reason-error` : undefined}
              aria-invalid={missingReason || undefined}
            >
              <legend className="mb-2 text-sm font-semibold text-stone-900">
                {t('moderation.report.why')}
              </legend>
              {REPORT_REASONS.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setMissingReason(false);
                    }}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-stone-900">
                      {t(`moderation.reason.${value}`)}
                    </span>
                    <span className="block text-sm text-stone-700">{t(`moderation.hint.${value}`)}</span>
                  </span>
                </label>
              ))}
              {missingReason ? (
                <p id={`${id}-reason-error`} className="text-sm text-red-800" role="alert">
                  {t('moderation.report.chooseReason')}
                </p>
              ) : null}
            </fieldset>
            <div className="mt-4 space-y-1.5">
              <label htmlFor={`${id}-details`} className="text-sm font-semibold text-stone-900">
                {t('moderation.report.details')}
              </label>
              <Textarea
                id={`${id}-details`}
                value={details}
                maxLength={MODERATION_LIMITS.detailsMax}
                onChange={(event) => setDetails(event.target.value)}
                aria-describedby={`${id}-count`}
                rows={3}
              />
              <p id={`${id}-count`} className="text-right text-xs text-stone-600">
                {details.length} / {MODERATION_LIMITS.detailsMax}
              </p>
            </div>
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
