import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

/**
 * How a series' dates go live (decision 057): "ask me each time" or "publish automatically", as
 * two radio buttons under one legend. The create form and a date's host card both offer it.
 */
export function PublishDatesChoice({
  name,
  value,
  onChange,
  disabled,
  className,
}: {
  name: string;
  value: boolean;
  onChange: (autoPublish: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className="text-sm font-semibold">{t('events.form.publishDates')}</legend>
      {(
        [
          [false, 'events.form.publishAsk'],
          [true, 'events.form.publishAuto'],
        ] as const
      ).map(([auto, label]) => (
        <label key={label} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            checked={value === auto}
            disabled={disabled}
            onChange={() => onChange(auto)}
            className="size-4 accent-brand-700"
          />
          {t(label)}
        </label>
      ))}
    </fieldset>
  );
}
