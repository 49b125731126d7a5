import type { SelfUser } from '@townsquare/contracts';
import { useEffect, useRef } from 'react';
import { useLocale } from '../../lib/i18n/locale-provider.tsx';
import { isLocale } from '../../lib/i18n/locales.ts';
import { useUpdateLocale } from './api/update-locale.ts';

/**
 * Keeps the app and the signed-in account in one language (decision 064). The account's chosen
 * `locale` wins over the browser's. An account without one (made before registration kept the
 * language, or by a client that sends none) takes the language the app is shown in, once per
 * account, so its e-mails and its bell speak what the person reads here.
 */
export function useAccountLocale(user: Pick<SelfUser, 'id' | 'locale'> | null | undefined): void {
  const { locale: shown, setLocale } = useLocale();
  const { mutate: save } = useUpdateLocale();
  const savedFor = useRef<string | null>(null);
  const id = user?.id;
  const chosen = user?.locale;
  useEffect(() => {
    if (isLocale(chosen)) {
      void setLocale(chosen);
      return;
    }
    // Only an explicit null means "none chosen"; the pseudo-locale is no language to keep.
    if (chosen !== null || !id || !isLocale(shown) || savedFor.current === id) return;
    savedFor.current = id;
    save(shown);
  }, [id, chosen, shown, setLocale, save]);
}
