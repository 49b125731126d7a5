import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AdminRoute, GuestRoute, ProtectedRoute } from '../features/auth/components/route-guards.tsx';
import { FullWidthLayout, PaddedLayout } from './layouts/layouts.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

/** Every page is its own chunk, loaded when its route is first visited. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/** The informational pages: one component draws each from the `pages` catalog. */
const informational: RouteObject[] = [
  'features',
  'about',
  'contact',
  'careers',
  'blog',
  'guides',
  'faq',
  'terms',
  'privacy',
  'cookies',
].map((path) => ({ path, lazy: page(() => import('./routes/content-page.tsx'), 'ContentPage') }));

/**
 * What the root renders while the first page's chunk loads. Nothing: the page follows within
 * moments, and a spinner there would only flash. Declaring it keeps React Router from warning
 * "No HydrateFallback element" on every first load.
 */
function InitialLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: InitialLoad,
    children: [
      {
        Component: FullWidthLayout,
        children: [{ index: true, lazy: page(() => import('./routes/landing.tsx'), 'LandingPage') }],
      },
      {
        Component: PaddedLayout,
        children: [
          ...informational,
          {
            Component: GuestRoute,
            children: [
              { path: 'login', lazy: page(() => import('./routes/login.tsx'), 'LoginPage') },
              { path: 'register', lazy: page(() => import('./routes/register.tsx'), 'RegisterPage') },
            ],
          },
          { path: 'verify-email', lazy: page(() => import('./routes/verify-email.tsx'), 'VerifyEmailPage') },
          {
            path: 'forgot-password',
            lazy: page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage'),
          },
          {
            path: 'reset-password',
            lazy: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
          },
          {
            path: 'guest-rsvp/confirm',
            lazy: page(() => import('./routes/guest-rsvp-confirm.tsx'), 'GuestRsvpConfirmPage'),
          },
          {
            path: 'guest-rsvp/manage',
            lazy: page(() => import('./routes/guest-rsvp-manage.tsx'), 'GuestRsvpManagePage'),
          },
          // Guest votes in date polls (decision 056); a poll's page is open to visitors when it
          // takes votes without an account (the page says "not found" otherwise).
          {
            path: 'guest-votes/confirm',
            lazy: page(() => import('./routes/guest-votes-confirm.tsx'), 'GuestVotesConfirmPage'),
          },
          {
            path: 'guest-votes/manage',
            lazy: page(() => import('./routes/guest-votes-manage.tsx'), 'GuestVotesManagePage'),
          },
          { path: 'polls/:pollId', lazy: page(() => import('./routes/poll.tsx'), 'PollPage') },
          // A recap of an event (decision 075): readable by whoever may see the event's album.
          { path: 'recaps/:recapId', lazy: page(() => import('./routes/recap.tsx'), 'RecapPage') },
          {
            path: 'user/:userId',
            lazy: page(() => import('./routes/public-profile.tsx'), 'PublicProfilePage'),
          },
          {
            path: 'event/:eventId',
            lazy: page(() => import('./routes/event-detail.tsx'), 'EventDetailPage'),
          },
          // City pages: rendered by the server for visitors, hydrated here.
          { path: 'near/:city', lazy: page(() => import('./routes/near-city.tsx'), 'NearCityPage') },
          { path: 'communities', lazy: page(() => import('./routes/communities.tsx'), 'CommunitiesPage') },
          { path: 'c/:slug', lazy: page(() => import('./routes/community.tsx'), 'CommunityPage') },
          {
            Component: ProtectedRoute,
            children: [
              { path: 'dashboard', lazy: page(() => import('./routes/dashboard.tsx'), 'DashboardPage') },
              { path: 'events', lazy: page(() => import('./routes/events.tsx'), 'EventsPage') },
              { path: 'profile', lazy: page(() => import('./routes/profile.tsx'), 'ProfilePage') },
              { path: 'settings', lazy: page(() => import('./routes/settings.tsx'), 'SettingsPage') },
              {
                path: 'notifications',
                lazy: page(() => import('./routes/notifications.tsx'), 'NotificationsPage'),
              },
              {
                path: 'profile-setup',
                lazy: page(() => import('./routes/profile-setup.tsx'), 'ProfileSetupPage'),
              },
              {
                path: 'event/:eventId/check-in',
                lazy: page(() => import('./routes/event-check-in.tsx'), 'EventCheckInPage'),
              },
              // Date polls.
              { path: 'polls/new', lazy: page(() => import('./routes/new-poll.tsx'), 'NewPollPage') },
              { path: 'friends', lazy: page(() => import('./routes/friends.tsx'), 'FriendsPage') },
              { path: 'sponsor', lazy: page(() => import('./routes/sponsor.tsx'), 'SponsorPage') },
              { path: 'messages', lazy: page(() => import('./routes/messages.tsx'), 'MessagesPage') },
              {
                path: 'messages/:userId',
                lazy: page(() => import('./routes/conversation.tsx'), 'ConversationPage'),
              },
              {
                Component: AdminRoute,
                children: [{ path: 'admin', lazy: page(() => import('./routes/admin.tsx'), 'AdminPage') }],
              },
            ],
          },
          { path: 'unauthorized', lazy: page(() => import('./routes/unauthorized.tsx'), 'UnauthorizedPage') },
          { path: '*', lazy: page(() => import('./routes/not-found.tsx'), 'NotFoundPage') },
        ],
      },
    ],
  },
];
