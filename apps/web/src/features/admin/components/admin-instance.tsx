import { type AdminInstance as AdminInstanceDto, LOCALES, type Locale } from '@townsquare/contracts';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { timeZoneOptions } from '../../../lib/time-zones.ts';
import { useAdminInstance, useSaveInstance } from '../api/instance-settings.ts';

type Key = keyof AdminInstanceDto['settings'];

/** The environment variable that fixes each setting (docs/DEPLOY.md). */
export const SETTING_VARIABLES: Record<Key, string> = {
  name: 'INSTANCE_NAME',
  defaultLocale: 'DEFAULT_LOCALE',
  timeZone: 'DEFAULT_TIME_ZONE',
  currency: 'CURRENCY',
};

/** A language named in itself ("Deutsch"), as people look for their own. */
function languageName(locale: Locale): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

function Setting({
  id,
  label,
  locked,
  children,
}: {
  id: string;
  label: string;
  locked?: string;
  children: (describedBy?: string) => React.ReactNode;
}) {
  const t = useT();
  const hint = locked ? `${id}-locked` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(hint)}
      {locked ? (
        <p id={hint} className="flex items-center gap-1.5 text-sm text-stone-700">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          {t('admin.instance.locked', { variable: locked })}
        </p>
      ) : null}
    </div>
  );
}

function InstanceForm({ current }: { current: AdminInstanceDto }) {
  const t = useT();
  const save = useSaveInstance();
  const [values, setValues] = useState(current.settings);
  const set = <K extends Key>(key: K, value: AdminInstanceDto['settings'][K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const lockedBy = (key: Key) => (current.locked[key] ? SETTING_VARIABLES[key] : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Only what the environment leaves to the admin is sent (a locked one would be refused).
    const input = Object.fromEntries(
      (Object.keys(values) as Key[]).filter((k) => !current.locked[k]).map((k) => [k, values[k]]),
    );
    save.mutate(input, {
      onSuccess: () => toast.success(t('admin.instance.saved')),
      onError: (err) => toast.error(errorMessage(err, t('admin.instance.saveFailed'))),
    });
  }

  return (
    <form onSubmit={submit} className="max-w-xl space-y-5">
      {current.configured ? null : <Alert variant="info">{t('admin.instance.firstStart')}</Alert>}
      <Setting id="instance-name" label={t('admin.instance.name')} locked={lockedBy('name')}>
        {(describedBy) => (
          <Input
            id="instance-name"
            value={values.name}
            maxLength={80}
            disabled={current.locked.name}
            aria-describedby={describedBy}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </Setting>
      <Setting id="instance-locale" label={t('admin.instance.language')} locked={lockedBy('defaultLocale')}>
        {(describedBy) => (
          <select
            id="instance-locale"
            value={values.defaultLocale}
            disabled={current.locked.defaultLocale}
            aria-describedby={describedBy}
            onChange={(e) =>
              set('defaultLocale', LOCALES.find((l) => l === e.target.value) ?? values.defaultLocale)
            }
            className={inputClassName}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {languageName(locale)}
              </option>
            ))}
          </select>
        )}
      </Setting>
      <Setting id="instance-zone" label={t('admin.instance.timeZone')} locked={lockedBy('timeZone')}>
        {(describedBy) => (
          <select
            id="instance-zone"
            value={values.timeZone}
            disabled={current.locked.timeZone}
            aria-describedby={describedBy}
            onChange={(e) => set('timeZone', e.target.value)}
            className={inputClassName}
          >
            {timeZoneOptions(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        )}
      </Setting>
      <Setting id="instance-currency" label={t('admin.instance.currency')} locked={lockedBy('currency')}>
        {(describedBy) => (
          <CurrencySelect
            id="instance-currency"
            value={values.currency}
            disabled={current.locked.currency}
            describedBy={describedBy}
            onChange={(code) => set('currency', code)}
          />
        )}
      </Setting>
      <Button type="submit" loading={save.isPending}>
        {t('admin.instance.save')}
      </Button>
    </form>
  );
}

/**
 * The admin area's "Instance" tab (decision 082): the name, default language, time zone and
 * currency, asked on the first start; those an environment variable sets are shown locked.
 */
export function AdminInstance() {
  const t = useT();
  const { data, isPending, isError } = useAdminInstance();
  if (isPending) return <Spinner label={t('admin.instance.loading')} />;
  if (isError || !data) return <Alert variant="error">{t('admin.instance.loadFailed')}</Alert>;
  return (
    <section aria-labelledby="admin-instance-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="admin-instance-title" className="text-lg font-semibold">
          {t('admin.instance.title')}
        </h2>
        <p className="text-sm text-stone-700">{t('admin.instance.description')}</p>
      </div>
      <InstanceForm current={data} />
    </section>
  );
}
