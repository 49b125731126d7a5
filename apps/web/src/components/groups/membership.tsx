import type { CommunityRole, JoinPolicy, MembershipState, PersonSummary } from '@townsquare/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { personName } from '../../lib/chat/chat-item.ts';
import { translate, useT } from '../../lib/i18n/intl.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import { DialogFooter, TitledDialog } from '../ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { Textarea } from '../ui/textarea.tsx';

/* Who belongs to a group of any kind (the member list) and how one joins or leaves it (the join button). */

/** "1 member", "3 members". */
export const memberCountLabel = (count: number) => translate('communities.card.members', { count });

interface MemberListProps<T> {
  members: readonly T[];
  /** The person behind an entry (an entry may carry a role, a state, answers…). */
  person: (member: T) => PersonSummary;
  /** `chips`: faces and names in a wrap (a small group); `rows`: one line each, with tools. */
  layout: 'chips' | 'rows';
  /** Names the list when no heading does. */
  label?: string;
  /** Their own entry reads "You". */
  currentUserId?: string | undefined;
  /** Rows: under the name (a join request's answers). */
  detail?: (member: T) => ReactNode;
  /** Rows: at the end of the line (a role badge, the organisers' tools). */
  end?: (member: T) => ReactNode;
}

/**
 * The one member list of every kind of group: each member's face and name, the name linking to
 * their profile. A friend group and a sub-group show theirs as chips; a community, whose organisers
 * approve, promote and ban, as rows with the tools at the end.
 */
export function MemberList<T>({
  members,
  person,
  layout,
  label,
  currentUserId,
  detail,
  end,
}: MemberListProps<T>) {
  const t = useT();
  if (layout === 'chips') {
    return (
      <ul className="flex flex-wrap gap-1.5" aria-label={label}>
        {members.map((member) => {
          const p = person(member);
          return (
            <li
              key={p.id}
              className="inline-flex min-w-0 items-center gap-1.5 rounded-full border border-stone-200 bg-white py-0.5 pr-2.5 pl-0.5 text-sm text-stone-800"
            >
              <Avatar src={p.profileImage} alt="" className="size-6 ring-0" />
              <Link to={`/user/${p.id}`} className="truncate underline-offset-2 hover:underline">
                {p.id === currentUserId ? t('communities.join.you') : personName(p)}
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <ul className="divide-y divide-stone-200" aria-label={label}>
      {members.map((member) => {
        const p = person(member);
        return (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar src={p.profileImage} alt="" className="size-9" />
            <div className="min-w-48 flex-1">
              <Link
                to={`/user/${p.id}`}
                className="block font-medium text-stone-900 underline-offset-2 hover:underline"
              >
                {p.fullName || personName(p)}
              </Link>
              <span className="block text-sm break-all text-stone-600">@{p.username}</span>
              {detail?.(member)}
            </div>
            {end?.(member)}
          </li>
        );
      })}
    </ul>
  );
}

/** What the button shows of a group and of the viewer's place in it (a community carries all of it). */
export interface Membership {
  name: string;
  viewerState: MembershipState | null;
  viewerRole: CommunityRole | null;
  joinPolicy: JoinPolicy;
  joinQuestions: readonly string[];
}

/** A mutation as the button uses it (a TanStack `useMutation` result fits). */
export interface MembershipAction<V> {
  mutate: (variables: V, options: { onError: (error: unknown) => void; onSuccess?: () => void }) => void;
  isPending: boolean;
}

const ROLE_LABEL = {
  OWNER: 'communities.card.owner',
  ORGANIZER: 'communities.card.organiser',
  MEMBER: 'communities.card.member',
} as const;

/**
 * The one join button of every kind of group, with every state: Join / Request to join (with the
 * group's questions) / Requested / Invited: accept / By invitation only, and for a member their
 * role ("Owner ▾", "Organiser ▾", "Member ▾") opening Leave (the server tells an owner to hand over first).
 */
export function JoinButton({
  group,
  join,
  leave,
  leaveLabel,
  size,
}: {
  group: Membership;
  /** Absent where nobody joins by themselves (a friend group: its creator adds people). */
  join?: MembershipAction<string[] | undefined>;
  leave: MembershipAction<void>;
  /** "Leave community", "Leave group". */
  leaveLabel: string;
  /** `sm` beside a group's other small buttons. */
  size?: 'sm';
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const fail = (err: unknown) => toast.error(errorMessage(err, t('communities.join.failed')));
  const doJoin = (answers?: string[]) =>
    join?.mutate(answers, { onError: fail, onSuccess: () => setAsking(false) });
  const joining = join?.isPending ?? false;

  switch (group.viewerState) {
    case 'member':
      return (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" size={size}>
              {t('communities.join.role', { role: t(ROLE_LABEL[group.viewerRole ?? 'MEMBER']) })}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => leave.mutate(undefined, { onError: fail })}>
              {leaveLabel}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      );
    case 'pending':
      return (
        <Button
          variant="secondary"
          onClick={() => leave.mutate(undefined, { onError: fail })}
          aria-label={t('communities.join.requestedCancel')}
        >
          {t('communities.card.requested')}
        </Button>
      );
    case 'invited':
      return (
        <Button onClick={() => doJoin()} disabled={joining}>
          {t('communities.join.invitedAccept')}
        </Button>
      );
    case 'banned':
      return null;
    default:
      if (!join || group.joinPolicy === 'INVITE')
        return <p className="text-sm text-stone-700">{t('communities.join.inviteOnly')}</p>;
      if (group.joinPolicy === 'OPEN')
        return (
          <Button onClick={() => doJoin()} disabled={joining}>
            {joining ? t('communities.join.joining') : t('communities.join.join')}
          </Button>
        );
      return (
        <>
          <Button
            onClick={() => (group.joinQuestions.length ? setAsking(true) : doJoin([]))}
            disabled={joining}
          >
            {t('communities.join.request')}
          </Button>
          <TitledDialog
            open={asking}
            onOpenChange={setAsking}
            title={t('communities.join.requestTitle', { name: group.name })}
            description={t('communities.join.requestLead')}
          >
            <form
              onSubmit={(event: FormEvent<HTMLFormElement>) => {
                event.preventDefault();
                const form = new FormData(event.currentTarget);
                doJoin(group.joinQuestions.map((_, i) => String(form.get(`answer-${i}`) ?? '')));
              }}
              className="space-y-4"
            >
              {group.joinQuestions.map((question, i) => (
                <div key={question} className="space-y-1.5">
                  <label htmlFor={`answer-${i}`} className="text-sm font-medium text-stone-900">
                    {question}
                  </label>
                  <Textarea id={`answer-${i}`} name={`answer-${i}`} required maxLength={500} rows={2} />
                </div>
              ))}
              <DialogFooter>
                <Button type="submit" disabled={joining}>
                  {joining ? t('communities.join.sending') : t('communities.join.send')}
                </Button>
              </DialogFooter>
            </form>
          </TitledDialog>
        </>
      );
  }
}
