import { Ban, MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { BlockDialog } from '../../blocks/components/block-dialog.tsx';
import { useReportAction } from './report-action.tsx';
import type { ReportTarget } from './report-dialog.tsx';

/**
 * The "⋯" menu of a message, an event, a profile or a community: "Report" (unless it is the
 * viewer's own), "Block" beside it for a message's sender, and "Delete message" for those who
 * moderate the room. `name` says what the menu is for ("Actions for the message from Ada").
 */
export function ContentMenu({
  name,
  report,
  block,
  onDelete,
  className,
  triggerClassName,
}: {
  name: string;
  /** Omitted for the viewer's own things. */
  report?: ReportTarget;
  /** The person behind it (a message's sender): "Block". Their messages are hidden once blocked. */
  block?: { userId: string; name: string };
  /** Shown as "Delete message" (organisers, hosts). */
  onDelete?: () => void;
  className?: string;
  triggerClassName?: string;
}) {
  const t = useT();
  const reporting = useReportAction(report);
  const [blocking, setBlocking] = useState(false);
  if (!report && !onDelete) return null;
  return (
    <div className={className}>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className={cn('size-8', triggerClassName)} aria-label={name}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-44">
          {reporting.item}
          {block ? (
            <DropdownMenuItem onSelect={() => setBlocking(true)}>
              <Ban aria-hidden="true" />
              {t('moderation.menu.block')}
            </DropdownMenuItem>
          ) : null}
          {onDelete ? (
            <DropdownMenuItem onSelect={onDelete} className="text-red-800">
              <Trash2 aria-hidden="true" />
              {t('moderation.menu.deleteMessage')}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {reporting.dialog}
      {block ? (
        <BlockDialog
          userId={block.userId}
          name={block.name}
          blocked={false}
          open={blocking}
          onOpenChange={setBlocking}
        />
      ) : null}
    </div>
  );
}
