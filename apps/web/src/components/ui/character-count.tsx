import { cn } from '../../lib/cn.ts';

/**
 * "1,950 / 2,000" under a long field, from 80 % of its limit on; over the limit it turns red and
 * says so. Fields keep no `maxLength`: a browser cuts pasted text there silently, and the server
 * refuses what is too long with a message instead (issue 23).
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  if (length < max * 0.8) return <span id={id} hidden />;
  const over = length > max;
  return (
    <span
      id={id}
      aria-live="polite"
      className={cn('text-xs tabular-nums', over ? 'font-semibold text-red-800' : 'text-stone-600')}
    >
      {length.toLocaleString()} / {max.toLocaleString()}
      {over ? ` · ${(length - max).toLocaleString()} too many` : ''}
    </span>
  );
}
