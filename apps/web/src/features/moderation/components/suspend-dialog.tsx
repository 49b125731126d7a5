import { MODERATION_LIMITS } from '@townsquare/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

/** Days (empty: until lifted) and a reason; `onConfirm` does the work and may fail with a message. */
export function SuspendDialog({
  open,
  onOpenChange,
  name,
  busy,
  error,
  onConfirm,
  reasonLabel = 'Reason',
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
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = days.trim();
    const value = trimmed === '' ? null : Number(trimmed);
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MODERATION_LIMITS.daysMax)) {
      setInvalid(`Days must be a whole number between 1 and ${MODERATION_LIMITS.daysMax}, or empty`);
      return;
    }
    if (!reason.trim()) {
      setInvalid('Reason is required');
      return;
    }
    setInvalid(null);
    onConfirm({ days: value, reason: reason.trim() });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Suspend {name}</DialogTitle>
            <DialogDescription>
              They are signed out everywhere at once and cannot sign in until the suspension ends; their
              events are hidden meanwhile.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-4">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-days`} className="text-sm font-semibold text-stone-900">
                Days
              </label>
              <Input
                id={`${id}-days`}
                inputMode="numeric"
                value={days}
                onChange={(event) => setDays(event.target.value)}
                aria-describedby={`${id}-days-hint`}
              />
              <p id={`${id}-days-hint`} className="text-xs text-stone-600">
                Leave empty to suspend until an admin restores the account.
              </p>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-900">
                {reasonLabel}
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
          {invalid || error ? (
            <Alert variant="error" className="mt-4">
              {invalid ?? error}
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" loading={busy}>
              Suspend
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
