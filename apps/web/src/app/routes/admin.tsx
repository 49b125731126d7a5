import { PageHeader } from '../../components/ui/page-header.tsx';
import { AdminUsers } from '../../features/admin/components/admin-users.tsx';
import { AdminCommunities } from '../../features/communities/components/admin-communities.tsx';

export function AdminPage() {
  return (
    <>
      <title>Admin Dashboard · Townsquare</title>
      <PageHeader
        eyebrow="Platform admin"
        title="Admin Dashboard"
        description="Find members and mark the clubs and organisations the team has checked as verified communities."
      />
      <AdminUsers />
      <AdminCommunities />
    </>
  );
}
