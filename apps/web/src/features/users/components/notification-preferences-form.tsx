import {
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  type NotificationGroup,
  type NotificationPreferences,
  type RsvpTiming,
} from '@townsquare/contracts';
import { MSG } from '@townsquare/contracts/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PushToggle } from '../../push/components/push-toggle.tsx';
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

/** The kinds of notification a person chooses per channel (issue 12), in the order shown. */
export const KINDS: { key: NotificationGroup; label: string }[] = [
  { key: 'friends', label: 'Friend requests and accepted requests' },
  { key: 'rsvp', label: 'RSVPs to events you host, and dates of your series to confirm' },
  { key: 'eventUpdates', label: 'Changes to or cancellation of events you are going to' },
  { key: 'reminders', label: 'Reminders before events you are going to' },
  { key: 'directMessages', label: 'Direct messages you have not read' },
  { key: 'mentions', label: 'Mentions of you in chats' },
  { key: 'communities', label: 'New events and news from your communities' },
  { key: 'reports', label: 'What came of your reports' },
];
type KindKey = NotificationGroup;

const RSVP_TIMING_CHOICES: { value: RsvpTiming; label: string; description: string }[] = [
  {
    value: 'digest',
    label: 'In a digest',
    description: 'One notification for the answers of each quarter of an hour.',
  },
  { value: 'instant', label: 'At once', description: 'A notification for each person going.' },
];

function withDefaults(initial: Partial<NotificationPreferences> | undefined): NotificationPreferences {
  return {
    securityAlerts: initial?.securityAlerts ?? true,
    productUpdates: initial?.productUpdates ?? false,
    rsvpTiming: initial?.rsvpTiming ?? 'digest',
    email: { ...DEFAULT_EMAIL_PREFERENCES, ...initial?.email },
    push: { ...DEFAULT_PUSH_PREFERENCES, ...initial?.push },
  };
}

const CHANNELS = [
  { key: 'email', label: 'Email' },
  { key: 'push', label: 'Push' },
] as const;

/**
 * Spec 2, Settings: the two e-mail checkboxes (security alerts on, product updates off until asked for, issue 23), then per kind of notification
 * an e-mail and a push choice, and push on or off for this browser. Save sends them all.
 */
export function NotificationPreferencesForm({
  initial,
}: {
  initial: Partial<NotificationPreferences> | undefined;
}) {
  const [prefs, setPrefs] = useState(() => withDefaults(initial));
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

  function toggle(channel: 'email' | 'push', key: KindKey, value: boolean) {
    setPrefs((p) => ({ ...p, [channel]: { ...p[channel], [key]: value } }));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-6">
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

      <fieldset disabled={update.isPending}>
        <legend className="font-semibold text-stone-900">What we tell you about, and how</legend>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-left">
              <th scope="col" className="py-2 pr-2 font-semibold text-stone-800">
                Notification
              </th>
              {CHANNELS.map((channel) => (
                <th
                  key={channel.key}
                  scope="col"
                  className="w-16 py-2 text-center font-semibold text-stone-800"
                >
                  {channel.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => (
              <tr key={kind.key} className="border-b border-stone-100 last:border-0">
                <th scope="row" className="py-2.5 pr-2 text-left font-normal text-stone-800">
                  {kind.label}
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel.key} className="py-2.5 text-center">
                    <Checkbox
                      className="mx-auto"
                      aria-label={`${channel.label}: ${kind.label}`}
                      checked={prefs[channel.key][kind.key]}
                      onCheckedChange={(checked) => toggle(channel.key, kind.key, checked === true)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>

      <fieldset disabled={update.isPending} className="space-y-2">
        <legend className="font-semibold text-stone-900">When people answer your events</legend>
        {RSVP_TIMING_CHOICES.map((choice) => (
          <label key={choice.value} className="flex cursor-pointer items-start gap-3">
            <input
              type="radio"
              name="rsvpTiming"
              value={choice.value}
              className="mt-1 size-4 accent-brand-700"
              checked={prefs.rsvpTiming === choice.value}
              onChange={() => setPrefs((p) => ({ ...p, rsvpTiming: choice.value }))}
            />
            <span>
              <span className="block font-medium text-stone-900">{choice.label}</span>
              <span className="block text-sm text-stone-700">{choice.description}</span>
            </span>
          </label>
        ))}
        <p className="text-sm text-stone-700">Someone going who cancels is always told at once.</p>
      </fieldset>

      <PushToggle />

      <Button type="submit" variant="secondary" loading={update.isPending}>
        Save Preferences
      </Button>
    </form>
  );
}
