import type { SelfUser } from '@townsquare/contracts';
import {
  CalendarDays,
  ChevronDown,
  Handshake,
  LogOut,
  MessageCircle,
  Settings,
  ShieldCheck,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { displayName } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { CountBadge, countFor, type SocialCounts } from './social-counts.tsx';

interface ProfileMenuProps {
  user: SelfUser;
  counts: SocialCounts;
  onSignOut: () => void;
}

const items = [
  { to: '/friends', label: 'nav.friends', icon: Users },
  { to: '/communities', label: 'nav.communities', icon: UsersRound },
  { to: '/events', label: 'nav.events', icon: CalendarDays },
  { to: '/profile', label: 'nav.profile', icon: UserRound },
  { to: '/settings', label: 'nav.settings', icon: Settings },
  { to: '/messages', label: 'nav.messages', icon: MessageCircle },
] as const;

/** Spec 2: profile image (or a generic icon) and username, else full name, else e-mail. */
export function ProfileMenu({ user, counts, onSignOut }: ProfileMenuProps) {
  const name = displayName(user);
  const waiting = counts.unread + counts.requests;
  const t = useT();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="group flex min-w-0 max-w-[14rem] cursor-pointer items-center gap-2 rounded-full border border-stone-200 bg-white py-1 pr-2.5 pl-1 text-sm font-semibold text-stone-800 shadow-xs transition-colors hover:border-stone-300 hover:bg-stone-50 data-[state=open]:border-brand-300">
        <span className="relative">
          <Avatar src={user.profileImage} alt="" className="size-8 ring-0" />
          {waiting > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-brand-700 ring-2 ring-white"
            />
          ) : null}
        </span>
        <span className="min-w-0 max-w-28 truncate sm:max-w-none">{name}</span>
        <span className="sr-only">{t('nav.accountMenu', { count: waiting })}</span>
        <ChevronDown
          className="size-4 shrink-0 text-stone-600 transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-stone-900">{name}</span>
          <span className="block truncate text-xs font-normal text-stone-600">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {items.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden="true" />
                {t(label)}
                <CountBadge count={countFor(to, counts)} className="ml-auto" />
              </Link>
            </DropdownMenuItem>
          ))}
          {user.roles.includes('Sponsor') ? (
            <DropdownMenuItem asChild>
              <Link to="/sponsor">
                <Handshake aria-hidden="true" />
                {t('nav.sponsor')}
              </Link>
            </DropdownMenuItem>
          ) : null}
          {user.isAdmin ? (
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" />
                {t('nav.admin')}
              </Link>
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={onSignOut}
          className="text-red-800 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-900"
        >
          <LogOut aria-hidden="true" />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
