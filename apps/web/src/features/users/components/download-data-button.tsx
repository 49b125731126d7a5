import { Download } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useDownloadMyData } from '../api/export-data.ts';

/** /settings → Your data: the profile, events, RSVPs, friends, groups and messages as a JSON file. */
export function DownloadDataButton() {
  const t = useT();
  const download = useDownloadMyData();
  return (
    <div className="space-y-3">
      {download.isError ? (
        <Alert variant="error">{errorMessage(download.error, t('users.data.failed'))}</Alert>
      ) : null}
      <Button variant="secondary" onClick={() => download.mutate()} loading={download.isPending}>
        <Download aria-hidden="true" />
        {t('users.data.download')}
      </Button>
    </div>
  );
}
