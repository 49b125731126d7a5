import type { Role } from '@townsquare/contracts';
import { Camera, Crown, Handshake, type LucideIcon, UserRound } from 'lucide-react';
import type { BadgeTone } from '../../components/ui/badge.tsx';

interface RoleDetails {
  description: string;
  tone: BadgeTone;
  icon: LucideIcon;
}

/** Spec 6: what each role means, and the colour its badge wears everywhere. */
export const ROLE_DETAILS: Record<Role, RoleDetails> = {
  Club_Founder: { description: 'Initiates and leads a club.', tone: 'amber', icon: Crown },
  Member: {
    description: 'Takes part in and attends events, and invites others.',
    tone: 'teal',
    icon: UserRound,
  },
  Sponsor: {
    description: 'A local brand or business supporting with funding, resources or a venue.',
    tone: 'violet',
    icon: Handshake,
  },
  Creator: { description: "Amplifies the community's message through media.", tone: 'rose', icon: Camera },
};
