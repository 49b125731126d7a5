import { Download } from 'lucide-react';
import { FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useDownloadMyData } from '../api/export-data.ts';

/** /settings → Your data: the profile, events, RSVPs, friends, groups and messages as a JSON file. */
export function DownloadDataButton() {
  const t = useT();
  const download = useDownloadMyData();
  return (
    <div className="space-y-3">
      <FailedAlert failed={download} fallback={t('users.data.failed')} />
      <Button variant="secondary" onClick={() => download.mutate()} loading={download.isPending}>
        <Download aria-hidden="true" />
        {t('users.data.download')}
      </Button>
    </div>
  );
}
