import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { currentPushState, disablePush, enablePush, type PushState } from '../browser-push.ts';

const HINTS: Record<PushState, string> = {
  unsupported: 'settings.push.unsupported',
  denied: 'settings.push.denied',
  off: 'settings.push.off',
  on: 'settings.push.on',
};

/** "Push notifications in this browser": on asks permission (from this click only) and subscribes. */
export function PushToggle() {
  const t = useT();
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    let live = true;
    currentPushState()
      .then((next) => live && setState(next))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  async function onChange(checked: boolean) {
    setBusy(true);
    try {
      const next = checked ? await enablePush() : await disablePush();
      setState(next);
      if (checked && next === 'on') toast.success(t('settings.push.turnedOn'));
      if (!checked) toast.success(t('settings.push.turnedOff'));
    } catch (error) {
      toast.error(errorMessage(error, t('settings.push.failed')));
      setState(await currentPushState().catch((): PushState => 'off'));
    } finally {
      setBusy(false);
    }
  }

  const shown = state === 'loading' ? 'off' : state;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <div>
        <label htmlFor={id} className="cursor-pointer font-semibold text-stone-900">
          {t('settings.push.label')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {t(HINTS[shown])}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={state === 'on'}
        disabled={busy || state === 'loading' || state === 'unsupported'}
        onCheckedChange={(checked) => void onChange(checked)}
      />
    </div>
  );
}
