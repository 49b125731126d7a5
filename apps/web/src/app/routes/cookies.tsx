import { InfoPage } from './info-page.tsx';

export function CookiesPage() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Cookie Policy"
      description="Townsquare uses no advertising or tracking cookies. Here is the little we do store in your browser."
      updated="May 1, 2025"
    >
      <h2>What we store</h2>
      <p>
        When you sign in, Townsquare keeps two items in your browser's local storage: a short-lived access
        token and a refresh token. Together they keep you signed in until you sign out. They are not cookies,
        are never shared with third parties and are removed when you sign out.
      </p>
      <h2>What we do not use</h2>
      <ul>
        <li>No advertising cookies.</li>
        <li>No third-party analytics or tracking pixels.</li>
        <li>No social media widgets that follow you around the web.</li>
      </ul>
      <h2>Your choices</h2>
      <p>
        You can clear your browser's storage at any time; you will simply be signed out. Blocking local
        storage entirely means you will not be able to stay signed in to Townsquare.
      </p>
      <h2>Questions</h2>
      <p>
        Write to <a href="mailto:privacy@townsquare.community">privacy@townsquare.community</a>.
      </p>
    </InfoPage>
  );
}
