import { useT } from '../../lib/i18n/intl.tsx';
import { StatusPage } from './status-page.tsx';

export function UnauthorizedPage() {
  const t = useT();
  return (
    <StatusPage code="403" title={t('common.unauthorized.title')} body={t('common.unauthorized.body')} />
  );
}
