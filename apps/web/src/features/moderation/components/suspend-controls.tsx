import type { AdminUser } from '@townsquare/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useRestoreUser, useSuspendUser } from '../api/suspend-user.ts';
import { SuspendDialog } from './suspend-dialog.tsx';

/** On an admin's user row: "Suspended until …" with Restore, or Suspend (never for admins). */
export function SuspendControls({ row }: { row: AdminUser }) {
  const suspend = useSuspendUser();
  const restore = useRestoreUser();
  const [open, setOpen] = useState(false);
  const t = useT();
  const name = row.username || row.fullName;
  if (row.isAdmin) return null;
  if (row.suspended)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="amber">
          {row.suspendedUntil
            ? t('admin.suspend.until', { date: formatLongDate(row.suspendedUntil) })
            : t('admin.suspend.suspended')}
        </Badge>
        <Button
          size="sm"
          variant="secondary"
          loading={restore.isPending}
          aria-label={t('admin.suspend.restoreName', { name })}
          onClick={() =>
            restore.mutate(row.id, {
              onSuccess: () => toast.success(t('admin.suspend.restored', { name })),
              onError: (error) => toast.error(errorMessage(error, t('admin.suspend.restoreFailed'))),
            })
          }
        >
          {t('admin.suspend.restore')}
        </Button>
      </div>
    );
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('admin.suspend.title', { name })}
        onClick={() => setOpen(true)}
      >
        {t('admin.suspend.confirm')}
      </Button>
      <SuspendDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) suspend.reset();
          setOpen(next);
        }}
        name={name}
        busy={suspend.isPending}
        error={suspend.isError ? errorMessage(suspend.error, t('admin.suspend.failed')) : null}
        onConfirm={(body) =>
          suspend.mutate(
            { id: row.id, body },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success(t('admin.suspend.done', { name }));
              },
            },
          )
        }
      />
    </>
  );
}
