import type { Community, CommunityMember } from '@townsquare/contracts';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { MemberPicker } from '../../../components/groups/group-form.tsx';
import { MemberList } from '../../../components/groups/membership.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { GroupRef } from '../../../lib/groups/kinds.ts';
import {
  useAddGroupMember,
  useBanGroupMember,
  useGroupMembers,
  useRemoveGroupMember,
  useUpdateGroupMember,
} from '../../../lib/groups/membership.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

const ROLE_LABEL = {
  OWNER: 'communities.card.owner',
  ORGANIZER: 'communities.card.organiser',
  MEMBER: null,
} as const;

/** Members for members; for organisers also requests to approve, invitations and bans, with tools. */
export function CommunityMembers({ community }: { community: Community }) {
  const t = useT();
  const organizer = community.viewerRole === 'OWNER' || community.viewerRole === 'ORGANIZER';
  const owner = community.viewerRole === 'OWNER';
  const group: GroupRef = { kind: 'community', id: community.id, slug: community.slug };
  const members = useGroupMembers(group, 'member', true);
  const pending = useGroupMembers(group, 'pending', organizer);
  const banned = useGroupMembers(group, 'banned', organizer);
  const update = useUpdateGroupMember(group);
  const remove = useRemoveGroupMember(group);
  const ban = useBanGroupMember(group);
  const fail = (err: unknown) => toast.error(errorMessage(err, t('communities.join.failed')));
  const done = (text: string) => () => toast.success(text);
  // Friends already in, asking or banned are not offered an invitation.
  const known = new Set([members, pending, banned].flatMap((q) => (q.data?.members ?? []).map((m) => m.id)));

  // A join request shows its answers, in the questions' order (a question may have changed since).
  const answers = (m: CommunityMember) =>
    m.answers?.length && m.state === 'pending' ? (
      <dl className="mt-1 space-y-1 text-sm">
        {m.answers.map((answer, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here.
          <div key={i}>
            <dt className="text-stone-600">
              {community.joinQuestions[i] ?? t('communities.members.answer', { n: i + 1 })}
            </dt>
            <dd className="text-stone-900">{answer}</dd>
          </div>
        ))}
      </dl>
    ) : null;
  const list = (rows: readonly CommunityMember[], tools: (m: CommunityMember) => ReactNode) => (
    <MemberList
      members={rows}
      person={(m) => m.user}
      layout="rows"
      detail={answers}
      end={(m) => (
        <>
          {ROLE_LABEL[m.role] && m.state === 'member' ? (
            <Badge tone="brand">{t(ROLE_LABEL[m.role] ?? '')}</Badge>
          ) : null}
          {tools(m)}
        </>
      )}
    />
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
                { onError: fail, onSuccess: done(t('communities.members.promoted', { name })) },
              )
            }
          >
            {t('communities.members.promote')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => update.mutate({ userId: m.id, role: 'MEMBER' }, { onError: fail })}
          >
            {t('communities.members.demote')}
          </Button>
        )}
        {owner ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              if (window.confirm(t('communities.members.transferAsk', { name })))
                update.mutate(
                  { userId: m.id, role: 'OWNER' },
                  { onError: fail, onSuccess: done(t('communities.members.transferred', { name })) },
                );
            }}
          >
            {t('communities.members.transfer')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            remove.mutate(m.id, {
              onError: fail,
              onSuccess: done(t('communities.members.removed', { name })),
            })
          }
        >
          {t('communities.members.remove')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            ban.mutate(m.id, { onError: fail, onSuccess: done(t('communities.members.banned', { name })) })
          }
        >
          {t('communities.members.ban')}
        </Button>
      </span>
    );
  };

  return (
    <div className="space-y-8">
      {organizer ? (
        <section aria-labelledby="requests-heading">
          <h3 id="requests-heading" className="flex items-center gap-2 font-semibold text-stone-900">
            {t('communities.members.requests')}{' '}
            <Badge tone="amber">{pending.data?.members.length ?? 0}</Badge>
          </h3>
          {list(pending.data?.members ?? [], (m) => (
            <span className="flex gap-1">
              <Button
                size="sm"
                onClick={() =>
                  update.mutate(
                    { userId: m.id, state: 'member' },
                    {
                      onError: fail,
                      onSuccess: done(t('communities.members.approved', { name: m.user.fullName })),
                    },
                  )
                }
              >
                {t('communities.members.approve')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => remove.mutate(m.id, { onError: fail })}>
                {t('communities.members.decline')}
              </Button>
            </span>
          ))}
          <InviteFriends group={group} exclude={[...known]} />
        </section>
      ) : null}
      <section aria-labelledby="members-heading">
        <h3 id="members-heading" className="font-semibold text-stone-900">
          {t('communities.page.members')}
        </h3>
        {members.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {list(members.data?.members ?? [], memberTools)}
      </section>
      {organizer && banned.data?.members.length ? (
        <section aria-labelledby="banned-heading">
          <h3 id="banned-heading" className="font-semibold text-stone-900">
            {t('communities.members.bannedTitle')}
          </h3>
          {list(banned.data.members, (m) => (
            <Button size="sm" variant="ghost" onClick={() => remove.mutate(m.id, { onError: fail })}>
              {t('communities.members.liftBan')}
            </Button>
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** Organisers invite their friends, chosen with the member picker. */
function InviteFriends({ group, exclude }: { group: GroupRef; exclude: readonly string[] }) {
  const t = useT();
  const invite = useAddGroupMember(group);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          for (const userId of chosen) await invite.mutateAsync(userId);
          toast.success(t('communities.members.inviteSent'));
          setChosen([]);
        } catch (err) {
          toast.error(errorMessage(err, t('communities.members.inviteFailed')));
        }
      }}
    >
      <MemberPicker
        legend={t('communities.members.inviteFriends')}
        value={chosen}
        onChange={setChosen}
        exclude={exclude}
        disabled={invite.isPending}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={chosen.length === 0 || invite.isPending}>
        {t('communities.members.invite')}
      </Button>
    </form>
  );
}
