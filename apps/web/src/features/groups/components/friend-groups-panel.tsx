import type { FriendGroup } from '@townsquare/contracts';
import { ArrowLeft, MessageCircle, Plus, UserPlus, UsersRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  checkGroupName,
  GroupFormDialog,
  GroupNameField,
  MemberPicker,
} from '../../../components/groups/group-form.tsx';
import { GroupList, GroupSummary } from '../../../components/groups/group-list.tsx';
import {
  JoinButton,
  MemberList,
  type Membership,
  type MembershipAction,
  memberCountLabel,
} from '../../../components/groups/membership.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { personName } from '../../../lib/chat/chat-item.ts';
import { useAddGroupMember, useLeaveGroup } from '../../../lib/groups/membership.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCreateFriendGroup } from '../api/create-friend-group.ts';
import { useFriendGroups } from '../api/get-friend-groups.ts';
import { GroupChat } from './group-chat.tsx';

/** The Groups tab: the user's friend groups, creating one, and one group's chat with Back. */
export function FriendGroupsPanel() {
  const groups = useFriendGroups();
  const [openId, setOpenId] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<string | null>(null);
  const open = groups.data?.find((g) => g.id === openId);
  const t = useT();

  function back() {
    returnTo.current = openId;
    setOpenId(null);
  }

  // Back puts focus on the group's Open button again, so keyboard users keep their place.
  useEffect(() => {
    if (openId || !returnTo.current) return;
    const button = document.querySelector<HTMLElement>(`[data-group-open="${returnTo.current}"]`);
    (button ?? listHeading.current)?.focus();
    returnTo.current = null;
  }, [openId]);

  if (open) return <FriendGroupView group={open} onBack={back} />;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={listHeading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {t('groups.yours')}
        </h2>
        <CreateFriendGroupDialog onCreated={(group) => setOpenId(group.id)} />
      </div>
      <GroupList
        query={groups}
        loadingLabel={t('groups.loading')}
        errorText={t('groups.loadFailed')}
        empty={
          <EmptyState icon={UsersRound} title={t('groups.empty')} headingLevel="h3">
            <p>{t('groups.emptyHint')}</p>
          </EmptyState>
        }
        className="grid grid-cols-1 gap-3 lg:grid-cols-2"
        item={(group) => (
          <li className="flex min-w-0 flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:flex-nowrap">
            <GroupSummary name={group.name} className="flex-1" detailClassName="truncate">
              {memberCountLabel(group.members.length)} · {group.members.map((m) => personName(m)).join(', ')}
            </GroupSummary>
            <Button variant="soft" size="sm" data-group-open={group.id} onClick={() => setOpenId(group.id)}>
              <MessageCircle aria-hidden="true" />
              {t.rich('groups.openChat', {
                name: group.name,
                hidden: (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>,
              })}
            </Button>
          </li>
        )}
      />
    </div>
  );
}

function CreateFriendGroupDialog({ onCreated }: { onCreated: (group: FriendGroup) => void }) {
  const create = useCreateFriendGroup();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; members?: string; form?: string }>({});
  const t = useT();

  function reset(next: boolean) {
    setOpen(next);
    if (!next) {
      setName('');
      setMembers([]);
      setErrors({});
      create.reset();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkGroupName(name);
    const found = {
      name: checked.error,
      members: members.length > 0 ? undefined : t('groups.membersRequired'),
    };
    setErrors(found);
    if (checked.error !== undefined || found.members) return;
    create.mutate(
      { name: checked.name, members },
      {
        onSuccess: (group) => {
          toast.success(t('groups.created', { name: group.name }));
          reset(false);
          onCreated(group);
        },
        onError: (error) => setErrors({ form: errorMessage(error, t('groups.createFailed')) }),
      },
    );
  }

  return (
    <GroupFormDialog
      open={open}
      onOpenChange={reset}
      trigger={
        <Button size="sm">
          <Plus aria-hidden="true" />
          {t('groups.create')}
        </Button>
      }
      title={t('groups.createTitle')}
      description={t('groups.createHint')}
      onSubmit={submit}
      submitLabel={t('groups.create')}
      pending={create.isPending}
    >
      {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
      <GroupNameField
        label={t('groups.name')}
        value={name}
        placeholder={t('groups.namePlaceholder')}
        error={errors.name}
        onChange={(next) => {
          setName(next);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
      />
      <MemberPicker
        legend={t('groups.members')}
        value={members}
        onChange={(next) => {
          setMembers(next);
          setErrors((current) => ({ ...current, members: undefined }));
        }}
        error={errors.members}
      />
    </GroupFormDialog>
  );
}

function FriendGroupView({ group, onBack }: { group: FriendGroup; onBack: () => void }) {
  const { user } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const isCreator = user?.id === group.createdBy.id;
  const leaving = useLeaveGroup({ kind: 'friend_group', id: group.id }, user?.id ?? '');
  const t = useT();
  // Having left, the group is gone from the list: back to it, and say so.
  const leave: MembershipAction<void> = {
    isPending: leaving.isPending,
    mutate: (_, { onError }) =>
      leaving.mutate(undefined, {
        onError,
        onSuccess: () => {
          toast.success(t('groups.left', { name: group.name }));
          onBack();
        },
      }),
  };

  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="friend-group-heading" className="space-y-4">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {t('groups.back')}
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-2">
          <h2
            id="friend-group-heading"
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl font-semibold focus:outline-none"
          >
            {group.name}
          </h2>
          <MemberList
            members={group.members}
            person={(member) => member}
            layout="chips"
            label={t('groups.members')}
            currentUserId={user?.id}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {isCreator ? <AddMembersDialog group={group} /> : null}
          <JoinButton group={asMembership(group)} leave={leave} leaveLabel={t('groups.leave')} size="sm" />
        </div>
      </div>
      <GroupChat group={{ kind: 'friend_group', id: group.id }} name={group.name} />
    </section>
  );
}

/** A friend group as the join button sees it: the viewer belongs (it is in their list); the creator adds people. */
function asMembership(group: FriendGroup): Membership {
  return {
    name: group.name,
    viewerState: 'member',
    viewerRole: 'MEMBER',
    joinPolicy: 'INVITE',
    joinQuestions: [],
  };
}

function AddMembersDialog({ group }: { group: FriendGroup }) {
  const add = useAddGroupMember({ kind: 'friend_group', id: group.id });
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const t = useT();

  function change(next: boolean) {
    setOpen(next);
    if (!next) {
      setChosen([]);
      setError(undefined);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(t('groups.membersRequired'));
      return;
    }
    try {
      for (const userId of chosen) await add.mutateAsync(userId);
      toast.success(t('groups.added', { count: chosen.length }));
      change(false);
    } catch (err) {
      setError(errorMessage(err, t('groups.addFailed')));
    }
  }

  return (
    <GroupFormDialog
      open={open}
      onOpenChange={change}
      trigger={
        <Button variant="secondary" size="sm">
          <UserPlus aria-hidden="true" />
          {t('groups.addMembers')}
        </Button>
      }
      title={t('groups.addTitle', { name: group.name })}
      description={t('groups.addHint')}
      onSubmit={submit}
      submitLabel={t('groups.add')}
      pending={add.isPending}
    >
      <MemberPicker
        legend={t('friends.title')}
        value={chosen}
        onChange={(next) => {
          setChosen(next);
          setError(undefined);
        }}
        exclude={group.members.map((m) => m.id)}
        error={error}
        disabled={add.isPending}
      />
    </GroupFormDialog>
  );
}
