import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { SelfUser } from '@townsquare/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createSelfUser } from '../../../test/factories.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { AdminRoute, GuestRoute, MemberRoute, ProtectedRoute, redirectTarget } from './route-guards.tsx';

function Page({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="from">{redirectTarget(location.state, '')}</p>
    </div>
  );
}

function renderAt(path: string, user: SelfUser | null) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Page name="Login" /> },
      { path: '/unauthorized', element: <Page name="Access Denied" /> },
      {
        element: <GuestRoute />,
        children: [{ path: '/register', element: <Page name="Register" /> }],
      },
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/dashboard', element: <Page name="Dashboard" /> },
          { path: '/profile-setup', element: <Page name="Profile setup" /> },
          { path: '/settings', element: <Page name="Settings" /> },
          { element: <AdminRoute />, children: [{ path: '/admin', element: <Page name="Admin" /> }] },
        ],
      },
      {
        element: <ProtectedRoute allowedRoles={['Club_Founder', 'Sponsor']} />,
        children: [{ path: '/founders', element: <Page name="Founders" /> }],
      },
      { element: <MemberRoute />, children: [{ path: '/members', element: <Page name="Members" /> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient(user)}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('routing rules (spec 2)', () => {
  it('sends a signed-out visitor to /login and remembers where they were going', async () => {
    const router = renderAt('/settings?tab=password', null);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('from')).toHaveTextContent('/settings?tab=password');
  });

  it('sends a user whose profile is not completed to /profile-setup from any other protected page', async () => {
    const router = renderAt('/settings', createSelfUser({ profileCompleted: false, username: undefined }));
    expect(await screen.findByRole('heading', { name: 'Profile setup' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile-setup');
  });

  it('lets a user without a completed profile stay on /profile-setup', async () => {
    renderAt('/profile-setup', createSelfUser({ profileCompleted: false }));
    expect(await screen.findByRole('heading', { name: 'Profile setup' })).toBeInTheDocument();
  });

  it('sends a user who completed setup from /profile-setup to /dashboard', async () => {
    const router = renderAt('/profile-setup', createSelfUser());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('admits a user holding at least one of the required roles', async () => {
    renderAt('/founders', createSelfUser({ roles: ['Member', 'Sponsor'] }));
    expect(await screen.findByRole('heading', { name: 'Founders' })).toBeInTheDocument();
  });

  it('sends a user without any of the required roles to /unauthorized', async () => {
    const router = renderAt('/founders', createSelfUser({ roles: ['Member', 'Creator'] }));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('the Member-only guard admits Members and refuses everyone else', async () => {
    renderAt('/members', createSelfUser({ roles: ['Member'] }));
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
  });

  it('the Member-only guard sends a non-Member to /unauthorized', async () => {
    renderAt('/members', createSelfUser({ roles: ['Sponsor'] }));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('/admin is for platform admins only', async () => {
    renderAt('/admin', createSelfUser({ isAdmin: false, roles: ['Club_Founder'] }));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('/admin opens for a platform admin', async () => {
    renderAt('/admin', createSelfUser({ isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from /register to the dashboard', async () => {
    renderAt('/register', createSelfUser());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
