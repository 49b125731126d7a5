import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
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
      <FormField id="guest-name" label={t('guests.form.name')}>
        {(field) => (
          <Input
            {...field}
            autoComplete="name"
            value={value.name}
            maxLength={100}
            onChange={(e) => onChange({ ...value, name: e.target.value })}
          />
        )}
      </FormField>
      <FormField id="guest-email" label={t('guests.form.email')} hint={emailHint}>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="email"
            value={value.email}
            onChange={(e) => onChange({ ...value, email: e.target.value })}
          />
        )}
      </FormField>
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
