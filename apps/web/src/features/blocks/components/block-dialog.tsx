import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useBlockUser, useUnblockUser } from '../api/block-user.ts';

/**
 * Block or Unblock `name`, asked first (focus starts on Cancel, Escape cancels) and told with a
 * toast: from their profile, a conversation, or a message of theirs in a chat.
 */
export function BlockDialog({
  userId,
  name,
  blocked,
  open,
  onOpenChange,
}: {
  userId: string;
  name: string;
  blocked: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const block = useBlockUser();
  const unblock = useUnblockUser();

  function confirm() {
    const mutation = blocked ? unblock : block;
    mutation.mutate(userId, {
      onSuccess: () =>
        toast.success(t(blocked ? 'moderation.block.unblocked' : 'moderation.block.blocked', { name })),
      onError: (error) =>
        toast.error(
          errorMessage(
            error,
            blocked ? t('moderation.block.unblockFailed') : t('moderation.block.blockFailed'),
          ),
        ),
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(blocked ? 'moderation.block.unblockTitle' : 'moderation.block.blockTitle', { name })}
      body={blocked ? t('moderation.block.unblockBody') : t('moderation.block.blockBody')}
      cancel={t('moderation.block.cancel')}
      confirm={blocked ? t('moderation.block.unblock') : t('moderation.menu.block')}
      onConfirm={confirm}
    />
  );
}
