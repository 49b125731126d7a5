import { Link } from 'react-router';
import { InfoPage } from './info-page.tsx';

export function AboutPage() {
  return (
    <InfoPage
      eyebrow="About us"
      title="About Townsquare"
      description="We build a friendly, open-source home for local communities: the people, clubs and events that make a place feel like home."
    >
      <h2>Why we started</h2>
      <p>
        Most of us know more about strangers on the other side of the world than about the people three
        streets away. The running club, the repair café, the Sunday market and the choir that rehearses in the
        church hall all exist, but they are scattered across group chats, paper flyers and social networks
        built to keep you scrolling.
      </p>
      <p>
        Townsquare brings them back to one place. It is small on purpose: a profile, a list of what is
        happening nearby, a way to say "I'll be there", and a chat to sort out the details.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li>
          <strong>Local first.</strong> Everything is designed around meeting in person, not around time spent
          in the app.
        </li>
        <li>
          <strong>Trust is earned.</strong> Clubs and organisations can become verified communities once our
          team has checked that they are who they say they are.
        </li>
        <li>
          <strong>Open by default.</strong> Townsquare is open-source software. Any town, campus or
          neighbourhood association can run its own copy.
        </li>
        <li>
          <strong>Your data is yours.</strong> We do not sell it, and we do not show ads.
        </li>
      </ul>
      <h2>Who is behind it</h2>
      <p>
        Townsquare is built by a small team of volunteers and contributors: organisers, designers and
        engineers who got tired of losing events in group chats. Want to help? Have a look at{' '}
        <Link to="/careers">open roles</Link> or <Link to="/contact">get in touch</Link>.
      </p>
    </InfoPage>
  );
}
