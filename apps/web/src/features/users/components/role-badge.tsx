import type { Role } from '@townsquare/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatRole } from '../../../lib/format.ts';
import { ROLE_DETAILS } from '../roles.ts';

export function RoleBadge({ role }: { role: Role }) {
  const { tone, icon } = ROLE_DETAILS[role];
  return (
    <Badge tone={tone} icon={icon}>
      {formatRole(role)}
    </Badge>
  );
}
