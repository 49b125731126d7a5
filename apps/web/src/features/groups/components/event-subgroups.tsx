import type { Subgroup } from '@townsquare/contracts';
import { ChevronDown, MessageCircle, Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  GroupFormActions,
  GroupNameField,
  MemberPicker,
  useGroupNameInput,
} from '../../../components/groups/group-form.tsx';
import { GroupList, GroupSummary } from '../../../components/groups/group-list.tsx';
import { MemberList, memberCountLabel } from '../../../components/groups/membership.tsx';
import { SignInPrompt } from '../../../components/sign-in-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmChangeDialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCreateSubgroup } from '../api/create-subgroup.ts';
import { useDeleteSubgroup } from '../api/delete-subgroup.ts';
import { useEventSubgroups } from '../api/get-event-subgroups.ts';
import { useRenameSubgroup } from '../api/rename-subgroup.ts';
import { GroupChat } from './group-chat.tsx';

interface EventSubgroupsProps {
  eventId: string;
  isOrganizer: boolean;
}

/**
 * An event's sub-groups (carpools, teams…). The organizer creates them with members chosen from
 * their friends, renames them (one at a time) and deletes them; members see theirs. Each one's chat
 * opens and closes in place.
 */
export function EventSubgroups({ eventId, isOrganizer }: EventSubgroupsProps) {
  const { user, status } = useSession();
  const subgroups = useEventSubgroups(eventId, { enabled: Boolean(user) });
  const [creating, setCreating] = useState(false);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [openChats, setOpenChats] = useState<ReadonlySet<string>>(new Set());
  const t = useT();

  if (status === 'loading') return <Skeleton className="h-20" />;
  if (!user) {
    return <SignInPrompt text={t('groups.sub.signInPrompt')} action={t('nav.signIn')} variant="secondary" />;
  }

  function toggleChat(id: string) {
    setOpenChats((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="space-y-4">
      {isOrganizer ? (
        creating ? (
          <CreateSubgroupForm eventId={eventId} onDone={() => setCreating(false)} />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('groups.sub.new')}
          </Button>
        )
      ) : null}

      <GroupList
        query={subgroups}
        loadingLabel={t('groups.sub.loading')}
        errorText={t('groups.sub.loadFailed')}
        empty={
          <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">
            {isOrganizer ? t('groups.sub.emptyOrganizer') : t('groups.sub.empty')}
          </p>
        }
        className="space-y-3"
        item={(subgroup) => (
          <SubgroupItem
            subgroup={subgroup}
            isOrganizer={isOrganizer}
            renaming={renamingId === subgroup.id}
            onRename={(on) => setRenamingId(on ? subgroup.id : null)}
            chatOpen={openChats.has(subgroup.id)}
            onToggleChat={() => toggleChat(subgroup.id)}
          />
        )}
      />
    </div>
  );
}

function CreateSubgroupForm({ eventId, onDone }: { eventId: string; onDone: () => void }) {
  const create = useCreateSubgroup();
  const name = useGroupNameInput();
  const [members, setMembers] = useState<string[]>([]);
  const t = useT();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = name.check();
    if (checked === undefined) return;
    create.mutate(
      { eventId, name: checked, members },
      {
        onSuccess: (subgroup) => {
          toast.success(t('groups.sub.created', { name: subgroup.name }));
          onDone();
        },
        onError: (error) => {
          console.error('Creating a sub-group failed', error);
          toast.error(t('groups.sub.createFailed'));
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('groups.sub.new')}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      <GroupNameField
        label={t('groups.sub.name')}
        placeholder={t('groups.sub.namePlaceholder')}
        {...name.field}
      />
      <MemberPicker legend={t('groups.sub.members')} value={members} onChange={setMembers} />
      <GroupFormActions
        className="flex-row flex-wrap"
        size="sm"
        submitLabel={t('groups.sub.create')}
        pending={create.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

interface SubgroupItemProps {
  subgroup: Subgroup;
  isOrganizer: boolean;
  renaming: boolean;
  onRename: (on: boolean) => void;
  chatOpen: boolean;
  onToggleChat: () => void;
}

function SubgroupItem({
  subgroup,
  isOrganizer,
  renaming,
  onRename,
  chatOpen,
  onToggleChat,
}: SubgroupItemProps) {
  const chatId = useId();
  const members = subgroup.members;
  const t = useT();
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        {renaming ? (
          <RenameForm subgroup={subgroup} onDone={() => onRename(false)} />
        ) : (
          <GroupSummary name={subgroup.name} detailClassName="flex min-w-0 items-center gap-1.5">
            <UsersRound className="size-4 shrink-0" aria-hidden="true" />
            <span className="shrink-0">{memberCountLabel(members.length)}</span>
          </GroupSummary>
        )}
        {renaming ? null : (
          <div className="flex flex-wrap gap-1.5">
            <Button
              variant="soft"
              size="sm"
              aria-expanded={chatOpen}
              aria-controls={chatId}
              onClick={onToggleChat}
            >
              <MessageCircle aria-hidden="true" />
              {chatOpen ? t('groups.sub.hideChat') : t('groups.sub.showChat')}
              <ChevronDown className={chatOpen ? 'rotate-180' : undefined} aria-hidden="true" />
            </Button>
            {isOrganizer ? (
              <>
                <Button variant="ghost" size="sm" onClick={() => onRename(true)}>
                  <Pencil aria-hidden="true" />
                  {t('groups.sub.rename')} <span className="sr-only">{subgroup.name}</span>
                </Button>
                <DeleteSubgroupButton subgroup={subgroup} />
              </>
            ) : null}
          </div>
        )}
      </div>
      {members.length > 0 ? (
        <div className="mt-3">
          <MemberList
            members={members}
            person={(member) => member}
            layout="chips"
            label={t('groups.members')}
          />
        </div>
      ) : null}
      <div id={chatId} hidden={!chatOpen} className="mt-4">
        {chatOpen ? (
          <GroupChat group={{ kind: 'event_subgroup', id: subgroup.id }} name={subgroup.name} />
        ) : null}
      </div>
    </li>
  );
}

function RenameForm({ subgroup, onDone }: { subgroup: Subgroup; onDone: () => void }) {
  const rename = useRenameSubgroup();
  const name = useGroupNameInput(subgroup.name);
  const t = useT();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = name.check();
    if (checked === undefined) return;
    if (checked === subgroup.name) {
      onDone();
      return;
    }
    rename.mutate(
      { id: subgroup.id, name: checked },
      {
        onSuccess: onDone,
        onError: (err) => {
          console.error('Renaming a sub-group failed', err);
          toast.error(t('groups.sub.renameFailed'));
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex w-full flex-wrap items-start gap-2"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <GroupNameField
        label={t('groups.sub.newName', { name: subgroup.name })}
        autoFocus
        className="min-w-48 flex-1"
        {...name.field}
      />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" size="sm" loading={rename.isPending}>
          {t('groups.save')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={rename.isPending}>
          {t('groups.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DeleteSubgroupButton({ subgroup }: { subgroup: Subgroup }) {
  const remove = useDeleteSubgroup();
  const [open, setOpen] = useState(false);
  const t = useT();

  function confirm() {
    remove.mutate(
      { id: subgroup.id, eventId: subgroup.eventId },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(t('groups.sub.deleted', { name: subgroup.name }));
        },
        onError: (error) => {
          console.error('Deleting a sub-group failed', error);
          toast.error(t('groups.sub.deleteFailed'));
        },
      },
    );
  }

  return (
    <ConfirmChangeDialog
      open={open}
      onOpenChange={setOpen}
      title={t('groups.sub.deleteTitle', { name: subgroup.name })}
      description={t('groups.sub.deleteBody')}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50">
          <Trash2 aria-hidden="true" />
          {t('groups.sub.delete')} <span className="sr-only">{subgroup.name}</span>
        </Button>
      }
      keep={t('groups.sub.keep')}
      confirm={t('groups.sub.deleteConfirm')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
