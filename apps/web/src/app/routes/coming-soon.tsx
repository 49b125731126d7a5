import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

interface ComingSoonProps {
  title: string;
  description: string;
  icon: LucideIcon;
  heading: string;
  children: ReactNode;
  backTo?: { to: string; label: string };
}

/** A real page for a feature whose screens arrive in a later release. */
export function ComingSoon({ title, description, icon, heading, children, backTo }: ComingSoonProps) {
  const back = backTo ?? { to: '/dashboard', label: 'Back to Dashboard' };
  return (
    <>
      <title>{`${title} · Townsquare`}</title>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={icon}
        title={heading}
        actions={
          <Button asChild variant="secondary">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        }
      >
        {children}
      </EmptyState>
    </>
  );
}
