import { cn } from '../../lib/cn.ts';
import { viewerLocale } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/intl.tsx';

/**
 * "1,950 / 2,000" under a long field, from 80 % of its limit on; over the limit it turns red and
 * says so. Fields keep no `maxLength`: a browser cuts pasted text there silently, and the server
 * refuses what is too long with a message instead.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const t = useT();
  if (length < max * 0.8) return <span id={id} hidden />;
  const over = length > max;
  return (
    <span
      id={id}
      aria-live="polite"
      className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-800' : 'text-stone-600')}
    >
      {length.toLocaleString(viewerLocale())} / {max.toLocaleString(viewerLocale())}
      {over ? ` · ${t('common.count.tooMany', { count: length - max })}` : ''}
    </span>
  );
}
