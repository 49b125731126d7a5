import type { Role } from '@townsquare/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { RoleBadge } from './role-badge.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

/*
 * The parts a person's own profile and the public one show alike.
 */

/** A titled part of a profile (about, interests): a small uppercase heading over it. */
export function ProfileSection({
  id,
  title,
  level,
  className,
  children,
}: {
  id: string;
  title: string;
  level: 'h2' | 'h3';
  className?: string;
  children: ReactNode;
}) {
  const Heading = level;
  return (
    <section aria-labelledby={id} className={cn('space-y-2', className)}>
      <Heading id={id} className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A person's interests, a badge each. */
export function InterestBadges({ interests }: { interests: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {interests.map((interest) => (
        <li key={interest}>
          <Badge tone="brand">{interest}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** "Verified community" (when it is one), then a badge per role. */
export function PersonBadges({
  person,
}: {
  person: { isVerifiedCommunity: boolean; roles: readonly Role[] };
}) {
  return (
    <>
      {person.isVerifiedCommunity ? <VerifiedBadge /> : null}
      {person.roles.map((role) => (
        <RoleBadge key={role} role={role} />
      ))}
    </>
  );
}
