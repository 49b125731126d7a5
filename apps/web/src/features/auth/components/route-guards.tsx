import type { Role, SelfUser } from '@townsquare/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/api/get-session.ts';

export const PROFILE_SETUP_PATH = '/profile-setup';

/** Where the login page sends the user back to after signing in. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Set when the person signed out (or changed their password) on purpose, cleared by the next
 * sign-in. The protected page they were on then redirects to /login without remembering itself:
 * after a deliberate sign-out the next sign-in should start at the dashboard.
 */
export const sessionEnd = { deliberate: false };

export function loginRedirectState(location: FromState['from']): FromState | undefined {
  return sessionEnd.deliberate ? undefined : { from: location };
}

export function redirectTarget(state: unknown, fallback = '/dashboard'): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return fallback;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

interface ProtectedRouteProps {
  /** When given, the user needs at least one of these roles, else goes to /unauthorized. */
  allowedRoles?: readonly Role[];
}

/**
 * Spec 2, routing rules: signed-out visitors go to /login (remembering where they were going); a
 * profile that is not completed sends the user to /profile-setup from every other protected page;
 * a completed one cannot go back to /profile-setup.
 */
export function ProtectedRoute({ allowedRoles }: ProtectedRouteProps) {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" replace state={loginRedirectState(location)} />;

  const onSetup = location.pathname === PROFILE_SETUP_PATH;
  if (!user.profileCompleted && !onSetup) return <Navigate to={PROFILE_SETUP_PATH} replace />;
  if (user.profileCompleted && onSetup) return <Navigate to="/dashboard" replace />;
  if (allowedRoles && !allowedRoles.some((role) => user.roles.includes(role))) {
    return <Navigate to="/unauthorized" replace />;
  }
  return <Outlet />;
}

/** Signed-in users that `admits` lets in; anyone else goes to sign in, or to /unauthorized. */
function SignedInAndAdmitted({ admits }: { admits: (user: SelfUser) => boolean }) {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (!user) return <Navigate to="/login" replace state={loginRedirectState(location)} />;
  if (!admits(user)) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}

/** The separate guard that admits only users whose roles include Member. */
export function MemberRoute() {
  return <SignedInAndAdmitted admits={(user) => user.roles.includes('Member')} />;
}

/** /admin: platform administrators only (the isAdmin flag, never a role). */
export function AdminRoute() {
  return <SignedInAndAdmitted admits={(user) => user.isAdmin} />;
}

/** Sign-in and registration: someone already signed in continues where they were heading. */
export function GuestRoute() {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
