import { useT } from '../../lib/i18n/intl.tsx';
import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  const t = useT();
  return <StatusPage code="404" title={t('common.notFound.title')} body={t('common.notFound.body')} />;
}
