import { Ban, Ellipsis, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useHasBlocked } from '../../../lib/api/get-blocks.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { BlockDialog } from '../../blocks/components/block-dialog.tsx';
import { useReportAction } from './report-action.tsx';
import type { ReportTarget } from './report-dialog.tsx';

interface BlockMenuProps {
  userId: string;
  /** The person's display name, for the labels and the question. */
  name: string;
  /** Adds "Report" to the same menu (a profile), so a person has one "More actions" menu. */
  report?: ReportTarget;
}

/**
 * "More actions" for another person (their profile, a conversation): Block or Unblock, each asked
 * first in the block dialog.
 */
export function BlockMenu({ userId, name, report }: BlockMenuProps) {
  const t = useT();
  const blocked = useHasBlocked(userId);
  const [asking, setAsking] = useState(false);
  const reporting = useReportAction(report);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('moderation.block.more', { name })}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setAsking(true)}>
            {blocked ? <ShieldCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
            {blocked ? t('moderation.block.unblock') : t('moderation.menu.block')}
          </DropdownMenuItem>
          {reporting.item}
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockDialog userId={userId} name={name} blocked={blocked} open={asking} onOpenChange={setAsking} />
      {reporting.dialog}
    </>
  );
}
