import { InputField } from '../../../components/ui/input-field.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

export type GuestContact = { name: string; email: string; website: string };

/**
 * A guest's name and e-mail (an answer to an event, decision 040, or votes in a date poll,
 * decision 056), and the hidden `website` field: a honeypot for robots that people never see or
 * reach.
 */
export function GuestContactFields({
  value,
  onChange,
  emailHint,
}: {
  value: GuestContact;
  onChange: (value: GuestContact) => void;
  emailHint: string;
}) {
  const t = useT();
  return (
    <>
      <InputField
        id="guest-name"
        label={t('guests.form.name')}
        autoComplete="name"
        value={value.name}
        maxLength={100}
        onValueChange={(name) => onChange({ ...value, name })}
      />
      <InputField
        id="guest-email"
        label={t('guests.form.email')}
        hint={emailHint}
        type="email"
        autoComplete="email"
        value={value.email}
        onValueChange={(email) => onChange({ ...value, email })}
      />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="guest-website">{t('guests.form.website')}</label>
        <input
          id="guest-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value.website}
          onChange={(e) => onChange({ ...value, website: e.target.value })}
        />
      </div>
    </>
  );
}
