import { useT } from '../../../lib/i18n/intl.tsx';

/**
 * The host's "Let people without an account vote" (decision 056), on the create form and on the
 * poll page of a link poll. A labelled checkbox with its explanation tied to it.
 */
export function GuestVotesSwitch({
  id,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-stone-900">
          {t('polls.guests.allow')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {t('polls.guests.allowHint')}
        </p>
      </div>
    </div>
  );
}
