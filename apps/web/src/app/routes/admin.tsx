import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AdminInstance } from '../../features/admin/components/admin-instance.tsx';
import { AdminUsers } from '../../features/admin/components/admin-users.tsx';
import { AdminCommunities } from '../../features/communities/components/admin-communities.tsx';
import { listAdminReports } from '../../features/moderation/api/admin-reports.ts';
import { AdminAudit } from '../../features/moderation/components/admin-audit.tsx';
import { AdminReports } from '../../features/moderation/components/admin-reports.tsx';
import { instanceQueryOptions } from '../../lib/api/get-instance.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { loadNamespace } from '../../lib/i18n/load.ts';

// The admin pages' texts are a catalog of their own (locales/<locale>/admin.json), loaded with this route.
await loadNamespace('admin');

/** The open-report count for the tab's badge (the first page of the queue carries it). */
function useOpenReportCount(): number | undefined {
  const { data } = useQuery({
    queryKey: ['admin', 'reports', 'count'],
    queryFn: ({ signal }) => listAdminReports('open', null, signal),
    select: (page) => page.openCount,
    staleTime: 15_000,
  });
  return data;
}

/** Each tab's panel, in the tabs' order. */
const PANELS = [
  ['reports', AdminReports],
  ['users', AdminUsers],
  ['communities', AdminCommunities],
  ['audit', AdminAudit],
  ['instance', AdminInstance],
] as const;

export function AdminPage() {
  const openReports = useOpenReportCount();
  const t = useT();
  // On the first start (nothing saved yet) the admin area asks for the instance settings.
  const configured = useQuery(instanceQueryOptions()).data?.configured;
  const [tab, setTab] = useState('reports');
  return (
    <>
      <title>{t('common.pageTitle', { title: t('admin.title') })}</title>
      <PageHeader
        eyebrow={t('admin.eyebrow')}
        title={t('admin.title')}
        description={t('admin.description')}
      />
      {configured === false && tab !== 'instance' ? (
        <Alert variant="info" className="mb-6">
          <div className="flex flex-wrap items-center gap-3">
            <span>{t('admin.instance.firstStart')}</span>
            <Button size="sm" variant="secondary" onClick={() => setTab('instance')}>
              {t('admin.instance.setUp')}
            </Button>
          </div>
        </Alert>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t('admin.sections')}>
          <TabsTrigger value="reports">
            {t('admin.tab.reports')}
            {openReports ? (
              <Badge tone="rose" aria-label={t('admin.openCount', { count: openReports })}>
                {openReports}
              </Badge>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="users">{t('admin.tab.users')}</TabsTrigger>
          <TabsTrigger value="communities">{t('admin.tab.communities')}</TabsTrigger>
          <TabsTrigger value="audit">{t('admin.tab.audit')}</TabsTrigger>
          <TabsTrigger value="instance">{t('admin.tab.instance')}</TabsTrigger>
        </TabsList>
        {PANELS.map(([value, Panel]) => (
          <TabsContent key={value} value={value}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
