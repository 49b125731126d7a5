import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { currentPushState, disablePush, enablePush, type PushState } from '../browser-push.ts';

const HINTS: Record<PushState, string> = {
  unsupported: 'This browser cannot receive push notifications.',
  denied: 'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
  off: 'Get notifications on this device even when Townsquare is closed. Your browser will ask for permission.',
  on: 'This browser receives push notifications of the kinds ticked under Push.',
};

/** "Push notifications in this browser": on asks permission (from this click only) and subscribes. */
export function PushToggle() {
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
      if (checked && next === 'on') toast.success('Push notifications are on for this browser');
      if (!checked) toast.success('Push notifications are off for this browser');
    } catch (error) {
      toast.error(errorMessage(error, 'Push notifications could not be turned on'));
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
          Push notifications in this browser
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {HINTS[shown]}
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
