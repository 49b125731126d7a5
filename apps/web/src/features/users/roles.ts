import type { Role } from '@townsquare/contracts';
import { Camera, Crown, Handshake, type LucideIcon, UserRound } from 'lucide-react';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import { translate } from '../../lib/i18n/intl.tsx';

interface RoleDetails {
  tone: BadgeTone;
  icon: LucideIcon;
}

/**
 * Spec 6: the colour each role's badge wears everywhere and its icon; its name and what it means
 * are the catalogs' (`users.role.<role>`, `users.roleAbout.<role>`, see `roleAbout`).
 */
export const ROLE_DETAILS: Record<Role, RoleDetails> = {
  Club_Founder: { tone: 'amber', icon: Crown },
  Member: { tone: 'teal', icon: UserRound },
  Sponsor: { tone: 'violet', icon: Handshake },
  Creator: { tone: 'rose', icon: Camera },
};

/** What a role means, in the current language. */
export const roleAbout = (role: Role): string => translate(`users.roleAbout.${role}`);
