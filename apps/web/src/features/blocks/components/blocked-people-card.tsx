import type { BlockedUser } from '@townsquare/contracts';
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { IconCard } from '../../../components/ui/card.tsx';
import { LoadingSkeletons } from '../../../components/ui/skeleton.tsx';
import { useBlocks } from '../../../lib/api/get-blocks.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useUnblockUser } from '../api/block-user.ts';

function BlockedRow({ person }: { person: BlockedUser }) {
  const t = useT();
  const unblock = useUnblockUser();
  const name = person.username || person.fullName;
  const onUnblock = () =>
    unblock.mutate(person.id, {
      onSuccess: () => toast.success(t('moderation.block.unblocked', { name })),
      onError: (error) => toast.error(errorMessage(error, t('moderation.block.unblockFailed'))),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={person.profileImage} alt="" className="size-9 ring-0" />
        <div className="min-w-0">
          <Link
            to={`/user/${person.id}`}
            className="block truncate font-medium text-stone-900 underline-offset-2 hover:underline"
          >
            {name}
          </Link>
          {person.username ? <p className="truncate text-sm text-stone-600">{person.fullName}</p> : null}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onUnblock}
        loading={unblock.isPending}
        aria-label={t('moderation.block.unblockName', { name })}
      >
        {t('moderation.block.unblock')}
      </Button>
    </li>
  );
}

/** /settings → Blocked people: everyone the person blocked, with Unblock per row. */
export function BlockedPeopleCard() {
  const t = useT();
  const blocks = useBlocks();
  return (
    <IconCard icon={Ban} title={t('moderation.block.listTitle')} description={t('moderation.block.listLead')}>
      {blocks.isPending ? (
        <LoadingSkeletons
          className="space-y-3"
          aria-busy="true"
          label={t('moderation.block.listLoading')}
          barClassName="h-10 w-full"
        />
      ) : blocks.isError ? (
        <Alert variant="error">{errorMessage(blocks.error, t('moderation.block.listFailed'))}</Alert>
      ) : blocks.data.blocks.length === 0 ? (
        <p className="text-sm text-stone-600">{t('moderation.block.listEmpty')}</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('moderation.block.listTitle')}>
          {blocks.data.blocks.map((person) => (
            <BlockedRow key={person.id} person={person} />
          ))}
        </ul>
      )}
    </IconCard>
  );
}
