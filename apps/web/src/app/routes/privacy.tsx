import { Link } from 'react-router';
import { InfoPage } from './info-page.tsx';

export function PrivacyPage() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Privacy Policy"
      description="What we collect, why, and the choices you have. We collect as little as we can and never sell your data."
      updated="May 1, 2025"
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address and password (stored only as a secure
          hash).
        </li>
        <li>
          <strong>Profile details you choose to add:</strong> username, picture, phone number, bio, interests
          and roles.
        </li>
        <li>
          <strong>What you do on Townsquare:</strong> events you create or RSVP to, friends, and messages you
          send.
        </li>
        <li>
          <strong>Technical data:</strong> basic server logs (IP address, time, page requested) kept for 30
          days to keep the service secure.
        </li>
      </ul>
      <h2>What others can see</h2>
      <p>
        Your public profile shows your username, name, picture, bio, interests, roles and the month you
        joined. Your email address and phone number are never shown to other members.
      </p>
      <h2>How we use it</h2>
      <ul>
        <li>To run the service: show your profile, deliver messages and events.</li>
        <li>To keep accounts safe: sign-in checks, password resets and security alerts.</li>
        <li>To send the emails you asked for. You can turn product updates off in your settings.</li>
      </ul>
      <p>We do not show ads, and we do not sell or rent personal data to anyone.</p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your details on your profile page at any time. You can ask for a copy of your
        data or for your account to be deleted by writing to{' '}
        <a href="mailto:privacy@townsquare.community">privacy@townsquare.community</a>.
      </p>
      <h2>Cookies</h2>
      <p>
        We only use what is needed to keep you signed in. Details are in our{' '}
        <Link to="/cookies">Cookie Policy</Link>.
      </p>
    </InfoPage>
  );
}
