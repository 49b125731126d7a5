import {
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  NOTIFICATION_GROUPS,
  type NotificationGroup,
  type NotificationPreferences,
  type RsvpTiming,
} from '@townsquare/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { useUpdateMe } from '../../../lib/api/update-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { PushToggle } from '../../push/components/push-toggle.tsx';

/** The two e-mail checkboxes: `settings.prefs.<key>` and `settings.prefs.<key>.description`. */
const options = ['securityAlerts', 'productUpdates'] as const;

/**
 * The kinds of notification a person chooses per channel, in the order shown
 * (`settings.prefs.kind.<key>`); new events nearby have their own setting (the home city's).
 */
export const KINDS = NOTIFICATION_GROUPS.filter((group) => group !== 'nearby');
type KindKey = NotificationGroup;

/** `settings.prefs.timing.<value>` and its `.description`. */
const RSVP_TIMING_CHOICES: RsvpTiming[] = ['digest', 'instant'];

function withDefaults(initial: Partial<NotificationPreferences> | undefined): NotificationPreferences {
  return {
    securityAlerts: initial?.securityAlerts ?? true,
    productUpdates: initial?.productUpdates ?? false,
    rsvpTiming: initial?.rsvpTiming ?? 'digest',
    email: { ...DEFAULT_EMAIL_PREFERENCES, ...initial?.email },
    push: { ...DEFAULT_PUSH_PREFERENCES, ...initial?.push },
  };
}

/** `settings.prefs.channel.<key>`. */
const CHANNELS = ['email', 'push'] as const;

/**
 * Spec 2, Settings: the two e-mail checkboxes (security alerts on, product updates off until asked for), then per kind of notification
 * an e-mail and a push choice, and push on or off for this browser. Save sends them all.
 */
export function NotificationPreferencesForm({
  initial,
}: {
  initial: Partial<NotificationPreferences> | undefined;
}) {
  const [prefs, setPrefs] = useState(() => withDefaults(initial));
  const update = useUpdateMe();
  const t = useT();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { notificationPreferences: prefs },
      {
        onSuccess: () => toast.success(t('settings.prefs.saved')),
        onError: (error) => toast.error(errorMessage(error, t('settings.prefs.saveFailed'))),
      },
    );
  }

  function toggle(channel: 'email' | 'push', key: KindKey, value: boolean) {
    setPrefs((p) => ({ ...p, [channel]: { ...p[channel], [key]: value } }));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-6">
      <fieldset disabled={update.isPending} className="space-y-4">
        <legend className="sr-only">{t('settings.prefs.emailLegend')}</legend>
        {options.map((key) => (
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
                {t(`settings.prefs.${key}`)}
              </label>
              <p id={`${key}-description`} className="text-sm text-stone-700">
                {t(`settings.prefs.${key}.description`)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>

      <fieldset disabled={update.isPending}>
        <legend className="font-semibold text-stone-900">{t('settings.prefs.kindsLegend')}</legend>
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-left">
              <th scope="col" className="py-2 pr-2 font-semibold text-stone-800">
                {t('settings.prefs.notification')}
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-16 py-2 text-center font-semibold text-stone-800">
                  {t(`settings.prefs.channel.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => (
              <tr key={kind} className="border-b border-stone-100 last:border-0">
                <th scope="row" className="py-2.5 pr-2 text-left font-normal text-stone-800">
                  {t(`settings.prefs.kind.${kind}`)}
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel} className="py-2.5 text-center">
                    <Checkbox
                      className="mx-auto"
                      aria-label={t('settings.prefs.cell', {
                        channel: t(`settings.prefs.channel.${channel}`),
                        kind: t(`settings.prefs.kind.${kind}`),
                      })}
                      checked={prefs[channel][kind]}
                      onCheckedChange={(checked) => toggle(channel, kind, checked === true)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>

      <fieldset disabled={update.isPending} className="space-y-2">
        <legend className="font-semibold text-stone-900">{t('settings.prefs.timingLegend')}</legend>
        {RSVP_TIMING_CHOICES.map((choice) => (
          <label key={choice} className="flex cursor-pointer items-start gap-3">
            <input
              type="radio"
              name="rsvpTiming"
              value={choice}
              className="mt-1 size-4 accent-brand-700"
              checked={prefs.rsvpTiming === choice}
              onChange={() => setPrefs((p) => ({ ...p, rsvpTiming: choice }))}
            />
            <span>
              <span className="block font-medium text-stone-900">{t(`settings.prefs.timing.${choice}`)}</span>
              <span className="block text-sm text-stone-700">
                {t(`settings.prefs.timing.${choice}.description`)}
              </span>
            </span>
          </label>
        ))}
        <p className="text-sm text-stone-700">{t('settings.prefs.cancelNote')}</p>
      </fieldset>

      <PushToggle />

      <Button type="submit" variant="secondary" loading={update.isPending}>
        {t('settings.prefs.save')}
      </Button>
    </form>
  );
}
