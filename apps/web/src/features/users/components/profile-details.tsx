import type { SelfUser } from '@townsquare/contracts';
import { CalendarDays, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatJoinedDate, formatPhone } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { InterestBadges, PersonBadges, ProfileSection } from './profile-section.tsx';

function Detail({
  icon,
  label,
  children,
  className,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 space-y-0.5', className)}>
      <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {icon}
        {label}
      </dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Spec 2, Profile view mode: image, username, email, phone, bio, interests and roles. */
export function ProfileDetails({ user }: { user: SelfUser }) {
  const t = useT();
  return (
    <div className="space-y-8">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
        <Avatar
          src={user.profileImage}
          alt={t('users.pictureOf', { name: user.fullName })}
          className="size-28 ring-4"
        />
        <div className="min-w-0 space-y-2">
          <h2 className="font-display text-2xl font-semibold">{user.fullName}</h2>
          {user.username ? <p className="text-stone-700">@{user.username}</p> : null}
          <div className="flex flex-wrap justify-center gap-1.5 sm:justify-start">
            <PersonBadges person={user} />
          </div>
        </div>
      </div>

      {/* The e-mail has a row of its own, so a long address is not broken mid-word; if it still
          does not fit (a phone), it breaks at the @ first. */}
      <dl className="grid gap-5 sm:grid-cols-2">
        <Detail
          icon={<Mail className="size-4" aria-hidden="true" />}
          label={t('users.email')}
          className="sm:col-span-2"
        >
          <EmailText email={user.email} />
          {user.pendingEmail ? (
            <span className="block text-sm text-stone-600">
              {t('users.pendingEmail', { address: user.pendingEmail })}
            </span>
          ) : null}
        </Detail>
        <Detail icon={<Phone className="size-4" aria-hidden="true" />} label={t('users.phone')}>
          {user.phoneNumber ? formatPhone(user.phoneNumber) : t('users.details.notAdded')}
        </Detail>
        <Detail
          icon={<CalendarDays className="size-4" aria-hidden="true" />}
          label={t('users.details.since')}
        >
          {formatJoinedDate(user.createdAt)}
        </Detail>
      </dl>

      <ProfileSection id="bio-heading" title={t('users.bio')} level="h3">
        <p className="whitespace-pre-line text-stone-800">{user.bio || t('users.details.noBio')}</p>
      </ProfileSection>

      <ProfileSection id="interests-heading" title={t('users.interests')} level="h3">
        {user.interests.length > 0 ? (
          <InterestBadges interests={user.interests} />
        ) : (
          <p className="text-stone-700">{t('users.details.noInterests')}</p>
        )}
      </ProfileSection>
    </div>
  );
}
