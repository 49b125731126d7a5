import { Flag } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { ReportDialog, type ReportTarget } from './report-dialog.tsx';

/**
 * "Report" in a "more actions" menu and the dialog it opens: `item` goes in the menu, `dialog`
 * beside the menu (so it stays open once the menu closes). Both are nothing without a target.
 */
export function useReportAction(target: ReportTarget | undefined): { item: ReactNode; dialog: ReactNode } {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!target) return { item: null, dialog: null };
  return {
    item: (
      <DropdownMenuItem onSelect={() => setOpen(true)}>
        <Flag aria-hidden="true" />
        {t('moderation.menu.report')}
      </DropdownMenuItem>
    ),
    dialog: <ReportDialog target={target} open={open} onOpenChange={setOpen} />,
  };
}
