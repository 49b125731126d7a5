import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AdminUsers } from '../../features/admin/components/admin-users.tsx';
import { AdminCommunities } from '../../features/communities/components/admin-communities.tsx';
import { listAdminReports } from '../../features/moderation/api/admin-reports.ts';
import { AdminAudit } from '../../features/moderation/components/admin-audit.tsx';
import { AdminReports } from '../../features/moderation/components/admin-reports.tsx';

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

export function AdminPage() {
  const openReports = useOpenReportCount();
  return (
    <>
      <title>Admin Dashboard · Townsquare</title>
      <PageHeader
        eyebrow="Platform admin"
        title="Admin Dashboard"
        description="Review reports, suspend and restore accounts, verify communities and read the audit log."
      />
      <Tabs defaultValue="reports">
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="reports">
            Reports
            {openReports ? (
              <Badge tone="rose" aria-label={`${openReports} open`}>
                {openReports}
              </Badge>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="communities">Communities</TabsTrigger>
          <TabsTrigger value="audit">Audit</TabsTrigger>
        </TabsList>
        <TabsContent value="reports">
          <AdminReports />
        </TabsContent>
        <TabsContent value="users">
          <AdminUsers />
        </TabsContent>
        <TabsContent value="communities">
          <AdminCommunities />
        </TabsContent>
        <TabsContent value="audit">
          <AdminAudit />
        </TabsContent>
      </Tabs>
    </>
  );
}
