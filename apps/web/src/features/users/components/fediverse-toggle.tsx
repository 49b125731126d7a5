import { useId } from 'react';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { useUpdateMe } from '../../../lib/api/update-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

/**
 * Whether the account is findable on the fediverse as `@username@host`, a `Person` actor
 * (decision 080). Off by default; off, nothing outside says the account exists.
 */
export function FediverseToggle() {
  const t = useT();
  const id = useId();
  const { user } = useSession();
  const update = useUpdateMe();
  if (!user) return null;
  const on = user.fediverse === true;
  const handle = user.username ? `@${user.username}@${window.location.host}` : null;

  function change(value: boolean) {
    update.mutate(
      { fediverse: value },
      {
        onSuccess: () =>
          toast.success(t(value ? 'settings.fediverse.turnedOn' : 'settings.fediverse.turnedOff')),
        onError: (error) => toast.error(errorMessage(error, t('settings.fediverse.saveFailed'))),
      },
    );
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={on}
          disabled={update.isPending || !handle}
          onCheckedChange={change}
          aria-describedby={`${id}-handle`}
        />
        <label htmlFor={id} className="cursor-pointer font-semibold text-stone-900">
          {t('settings.fediverse.label')}
        </label>
      </div>
      <p id={`${id}-handle`} className="text-sm text-stone-700">
        {handle
          ? on
            ? t('settings.fediverse.handle', { handle })
            : t('settings.fediverse.off')
          : t('settings.fediverse.noUsername')}
      </p>
    </div>
  );
}
