import { Link } from 'react-router';
import { InfoPage } from './info-page.tsx';

export function TermsPage() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Terms of Service"
      description="The agreement between you and Townsquare when you use the service. Plain language where we can."
      updated="May 1, 2025"
    >
      <h2>1. Your account</h2>
      <p>
        You must be at least 16 years old to create an account. Keep your password to yourself; you are
        responsible for what happens under your account. Accounts for clubs and organisations must be run by
        someone allowed to speak for them.
      </p>
      <h2>2. What you post</h2>
      <p>
        You keep the rights to what you post: profiles, events, pictures and messages. You give Townsquare
        permission to store and show that content to the people you share it with, only to run the service.
      </p>
      <p>
        You agree to follow the <Link to="/guides">Community Guides</Link>. We may remove content or suspend
        accounts that break them.
      </p>
      <h2>3. Events</h2>
      <p>
        Events are organised by members, not by Townsquare. Organisers are responsible for their events,
        including safety, permits and any money they collect. Attend at your own judgement.
      </p>
      <h2>4. Verified communities</h2>
      <p>
        The verified badge means our team has checked the identity of a club or organisation at a point in
        time. It is not an endorsement of every event they run.
      </p>
      <h2>5. The service</h2>
      <p>
        We work hard to keep Townsquare available and safe, but it is provided as is. We may change or stop
        features, and will tell you in advance about changes that matter.
      </p>
      <h2>6. Ending your account</h2>
      <p>
        You can stop using Townsquare and ask us to delete your account at any time. We may close accounts
        that seriously or repeatedly break these terms.
      </p>
      <h2>7. Contact</h2>
      <p>
        Questions about these terms? Write to{' '}
        <a href="mailto:legal@townsquare.community">legal@townsquare.community</a>.
      </p>
    </InfoPage>
  );
}
