import { useId } from 'react';
import { toast } from 'sonner';
import { useSession } from '../../../lib/api/get-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useLocale } from '../../../lib/i18n/locale-provider.tsx';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../../lib/i18n/locales.ts';
import { useUpdateLocale } from '../api/update-locale.ts';

/**
 * The app's language: switches at once, is remembered on this browser and, signed in,
 * saved as the account's `locale` so e-mails, push and every device use it too.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const { locale, setLocale } = useLocale();
  const { user } = useSession();
  const save = useUpdateLocale();

  async function choose(value: string) {
    if (!isLocale(value)) return;
    await setLocale(value);
    if (!user) return;
    save.mutate(value, {
      onError: (error) => toast.error(errorMessage(error, t('settings.language.saveFailed'))),
    });
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {t('settings.language.label')}
      </label>
      <select
        id={id}
        value={isLocale(locale) ? locale : 'en'}
        onChange={(event) => void choose(event.target.value)}
        disabled={save.isPending}
        className="mt-1.5 block h-11 w-full max-w-xs rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30 focus-visible:outline-none"
      >
        {LOCALES.map((lc) => (
          <option key={lc} value={lc} lang={lc}>
            {LOCALE_NAMES[lc]}
          </option>
        ))}
      </select>
    </div>
  );
}
