import { MODERATION_LIMITS } from '@townsquare/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Dialog, DialogContent, DialogForm } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

/** Days (empty: until lifted) and a reason; `onConfirm` does the work and may fail with a message. */
export function SuspendDialog({
  open,
  onOpenChange,
  name,
  busy,
  error,
  onConfirm,
  reasonLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  busy: boolean;
  error: string | null;
  onConfirm: (input: { days: number | null; reason: string }) => void;
  reasonLabel?: string;
}) {
  const id = useId();
  const t = useT();
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = days.trim();
    const value = trimmed === '' ? null : Number(trimmed);
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MODERATION_LIMITS.daysMax)) {
      setInvalid(t('admin.suspend.daysInvalid', { max: MODERATION_LIMITS.daysMax }));
      return;
    }
    if (!reason.trim()) {
      setInvalid(t('admin.suspend.reasonRequired'));
      return;
    }
    setInvalid(null);
    onConfirm({ days: value, reason: reason.trim() });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogForm
          onSubmit={submit}
          title={t('admin.suspend.title', { name })}
          description={t('admin.suspend.body')}
          error={invalid ?? error}
          cancel={t('admin.cancel')}
          action={t('admin.suspend.confirm')}
          variant="destructive"
          pending={busy}
        >
          <div className="space-y-4">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-days`} className="text-sm font-semibold text-stone-900">
                {t('admin.suspend.days')}
              </label>
              <Input
                id={`${id}-days`}
                inputMode="numeric"
                value={days}
                onChange={(event) => setDays(event.target.value)}
                aria-describedby={`${id}-days-hint`}
              />
              <p id={`${id}-days-hint`} className="text-xs text-stone-600">
                {t('admin.suspend.daysHint')}
              </p>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-900">
                {reasonLabel ?? t('admin.suspend.reason')}
              </label>
              <Textarea
                id={`${id}-reason`}
                rows={2}
                value={reason}
                maxLength={MODERATION_LIMITS.reasonMax}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
          </div>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
