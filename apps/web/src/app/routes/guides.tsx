import { Link } from 'react-router';
import { InfoPage } from './info-page.tsx';

export function GuidesPage() {
  return (
    <InfoPage
      eyebrow="Community Guides"
      title="Community Guides"
      description="Townsquare works because people treat each other the way good neighbours do. These guides explain what that means here."
    >
      <h2>Be kind, be real</h2>
      <ul>
        <li>
          Use your real name, or your club's real name. Impersonating a person or an organisation is not
          allowed.
        </li>
        <li>
          Disagree with ideas, never attack people. Harassment, hate speech and threats lead to removal.
        </li>
        <li>Keep private what was shared privately. Do not post other people's contact details.</li>
      </ul>
      <h2>Hosting a good event</h2>
      <ol>
        <li>Describe it honestly: where, when, what it costs and who it is for.</li>
        <li>
          Pick a public, accessible place for a first meeting, and say so in the description if it is not
          step-free.
        </li>
        <li>Update the event if plans change, and cancel early rather than late.</li>
        <li>Greet newcomers. The first five minutes decide whether someone comes back.</li>
      </ol>
      <h2>Staying safe</h2>
      <ul>
        <li>Meet in public places the first time, and tell a friend where you are going.</li>
        <li>Look for the verified badge on clubs and organisations; our team has checked who runs them.</li>
        <li>Never send money to someone you only know from a chat.</li>
      </ul>
      <h2>Selling and promoting</h2>
      <p>
        Local businesses are welcome, especially as sponsors of community events. Unsolicited advertising in
        chats and events that exist only to sell something are not.
      </p>
      <h2>Reporting a problem</h2>
      <p>
        If something feels wrong, tell us at{' '}
        <a href="mailto:safety@townsquare.community">safety@townsquare.community</a>. Reports are confidential
        and we answer within 24 hours. Read more on our <Link to="/contact">contact page</Link>.
      </p>
    </InfoPage>
  );
}
