import type { Role } from '@townsquare/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatRole } from '../../../lib/format.ts';
import { ROLE_DETAILS } from '../roles.ts';

export function RoleBadge({ role }: { role: Role }) {
  const { tone, icon: Icon } = ROLE_DETAILS[role];
  return (
    <Badge tone={tone}>
      <Icon className="size-3" aria-hidden="true" />
      {formatRole(role)}
    </Badge>
  );
}
