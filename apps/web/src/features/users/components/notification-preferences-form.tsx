import type { NotificationPreferences } from '@townsquare/contracts';
import { MSG } from '@townsquare/contracts/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateMe } from '../api/update-me.ts';

const options = [
  {
    key: 'securityAlerts',
    label: 'Security alerts',
    description: 'An email when your password changes or something about your account needs attention.',
  },
  {
    key: 'productUpdates',
    label: 'Product updates',
    description: 'Occasional news about new Townsquare features. Never more than once a month.',
  },
] as const;

/** Spec 2, Settings: two checkboxes, both on by default, saved to the server. */
export function NotificationPreferencesForm({ initial }: { initial: NotificationPreferences | undefined }) {
  const [prefs, setPrefs] = useState<Pick<NotificationPreferences, 'securityAlerts' | 'productUpdates'>>({
    securityAlerts: initial?.securityAlerts ?? true,
    productUpdates: initial?.productUpdates ?? true,
  });
  const update = useUpdateMe();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { notificationPreferences: prefs },
      {
        onSuccess: () => toast.success(MSG.preferencesSaved),
        onError: (error) => toast.error(errorMessage(error, 'Failed to save preferences')),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <fieldset disabled={update.isPending} className="space-y-4">
        <legend className="sr-only">Email notifications</legend>
        {options.map(({ key, label, description }) => (
          <div key={key} className="flex items-start gap-3">
            <Checkbox
              id={key}
              className="mt-0.5"
              checked={prefs[key]}
              aria-describedby={`${key}-description`}
              onCheckedChange={(checked) => setPrefs((p) => ({ ...p, [key]: checked === true }))}
            />
            <div>
              <label htmlFor={key} className="cursor-pointer font-semibold text-stone-900">
                {label}
              </label>
              <p id={`${key}-description`} className="text-sm text-stone-700">
                {description}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <Button type="submit" variant="secondary" loading={update.isPending}>
        Save Preferences
      </Button>
    </form>
  );
}
