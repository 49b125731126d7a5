import type { Community, CommunityMember } from '@townsquare/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClassName } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFriends } from '../../friends/api/get-friends.ts';
import { useBanCommunityMember } from '../api/ban-community-member.ts';
import { useCommunityMembers } from '../api/get-community-members.ts';
import { useInviteCommunityMember } from '../api/invite-community-member.ts';
import { useRemoveCommunityMember } from '../api/remove-community-member.ts';
import { useUpdateCommunityMember } from '../api/update-community-member.ts';

const ROLE_LABEL = { OWNER: 'Owner', ORGANIZER: 'Organiser', MEMBER: null } as const;

/** Members for members; for organisers also requests to approve, invitations and bans, with tools. */
export function CommunityMembers({ community }: { community: Community }) {
  const organizer = community.viewerRole === 'OWNER' || community.viewerRole === 'ORGANIZER';
  const owner = community.viewerRole === 'OWNER';
  const { slug } = community;
  const members = useCommunityMembers(slug, 'member', true);
  const pending = useCommunityMembers(slug, 'pending', organizer);
  const banned = useCommunityMembers(slug, 'banned', organizer);
  const update = useUpdateCommunityMember(slug);
  const remove = useRemoveCommunityMember(slug);
  const ban = useBanCommunityMember(slug);
  const fail = (err: unknown) => toast.error(errorMessage(err, 'Something went wrong'));
  const done = (text: string) => () => toast.success(text);

  const row = (m: CommunityMember, tools: React.ReactNode) => (
    <li key={m.id} className="flex flex-wrap items-center gap-3 py-3">
      <Avatar src={m.user.profileImage} alt="" className="size-9" />
      <div className="min-w-48 flex-1">
        <span className="block font-medium text-stone-900">{m.user.fullName}</span>
        <span className="block text-sm break-all text-stone-600">@{m.user.username}</span>
        {m.answers?.length && m.state === 'pending' ? (
          <dl className="mt-1 space-y-1 text-sm">
            {m.answers.map((answer, i) => (
              // Answers follow the questions' order; a question may have changed since.
              // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here.
              <div key={i}>
                <dt className="text-stone-600">{community.joinQuestions[i] ?? `Answer ${i + 1}`}</dt>
                <dd className="text-stone-900">{answer}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      {ROLE_LABEL[m.role] && m.state === 'member' ? <Badge tone="brand">{ROLE_LABEL[m.role]}</Badge> : null}
      {tools}
    </li>
  );

  const memberTools = (m: CommunityMember) => {
    if (!organizer || m.role === 'OWNER') return null;
    if (m.role === 'ORGANIZER' && !owner) return null;
    const name = m.user.fullName;
    return (
      <span className="flex flex-wrap gap-1">
        {m.role === 'MEMBER' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              update.mutate(
                { userId: m.id, role: 'ORGANIZER' },
                { onError: fail, onSuccess: done(`${name} is an organiser`) },
              )
            }
          >
            Promote
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => update.mutate({ userId: m.id, role: 'MEMBER' }, { onError: fail })}
          >
            Demote
          </Button>
        )}
        {owner ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              if (window.confirm(`Make ${name} the owner? You stay an organiser.`))
                update.mutate(
                  { userId: m.id, role: 'OWNER' },
                  { onError: fail, onSuccess: done(`${name} now owns the community`) },
                );
            }}
          >
            Transfer ownership
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => remove.mutate(m.id, { onError: fail, onSuccess: done(`${name} removed`) })}
        >
          Remove
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => ban.mutate(m.id, { onError: fail, onSuccess: done(`${name} banned`) })}
        >
          Ban
        </Button>
      </span>
    );
  };

  return (
    <div className="space-y-8">
      {organizer ? (
        <section aria-labelledby="requests-heading">
          <h3 id="requests-heading" className="flex items-center gap-2 font-semibold text-stone-900">
            Requests to join <Badge tone="amber">{pending.data?.members.length ?? 0}</Badge>
          </h3>
          <ul className="divide-y divide-stone-200">
            {(pending.data?.members ?? []).map((m) =>
              row(
                m,
                <span className="flex gap-1">
                  <Button
                    size="sm"
                    onClick={() =>
                      update.mutate(
                        { userId: m.id, state: 'member' },
                        { onError: fail, onSuccess: done(`${m.user.fullName} approved`) },
                      )
                    }
                  >
                    Approve
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => remove.mutate(m.id, { onError: fail })}>
                    Decline
                  </Button>
                </span>,
              ),
            )}
          </ul>
          <InviteFriends slug={slug} />
        </section>
      ) : null}
      <section aria-labelledby="members-heading">
        <h3 id="members-heading" className="font-semibold text-stone-900">
          Members
        </h3>
        {members.isPending ? <Skeleton className="h-16 w-full" /> : null}
        <ul className="divide-y divide-stone-200">
          {(members.data?.members ?? []).map((m) => row(m, memberTools(m)))}
        </ul>
      </section>
      {organizer && banned.data?.members.length ? (
        <section aria-labelledby="banned-heading">
          <h3 id="banned-heading" className="font-semibold text-stone-900">
            Banned
          </h3>
          <ul className="divide-y divide-stone-200">
            {banned.data.members.map((m) =>
              row(
                m,
                <Button size="sm" variant="ghost" onClick={() => remove.mutate(m.id, { onError: fail })}>
                  Lift ban
                </Button>,
              ),
            )}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Organisers invite their friends. */
function InviteFriends({ slug }: { slug: string }) {
  const friends = useFriends();
  const invite = useInviteCommunityMember(slug);
  const [chosen, setChosen] = useState('');
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        invite.mutate(chosen, {
          onSuccess: () => toast.success('Invitation sent'),
          onError: (err) => toast.error(errorMessage(err, 'Could not invite')),
        });
      }}
    >
      <label htmlFor="invite-friend" className="sr-only">
        Friend to invite
      </label>
      <select
        id="invite-friend"
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        className={`${inputClassName} max-w-xs`}
      >
        <option value="">Invite a friend…</option>
        {(friends.data ?? []).map((f) => (
          <option key={f.id} value={f.id}>
            {f.fullName}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary" disabled={!chosen || invite.isPending}>
        Invite
      </Button>
    </form>
  );
}
