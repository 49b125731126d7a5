import { InfoPage } from './info-page.tsx';

export function CareersPage() {
  return (
    <InfoPage
      eyebrow="Careers"
      title="Work on Townsquare"
      description="Help people meet their neighbours. We are a small, remote-friendly team that builds in the open."
    >
      <h2>How we work</h2>
      <ul>
        <li>Everything we build is open source, and most of our discussions happen in public.</li>
        <li>We ship small changes often and talk to organisers every week.</li>
        <li>
          Flexible hours, remote-first, with a yearly meet-up in a town one of our communities calls home.
        </li>
      </ul>
      <h2>Open roles</h2>
      <h3>Community Partnerships Lead</h3>
      <p>
        Work with clubs, libraries and neighbourhood associations to bring them onto Townsquare and run the
        verified-community programme. You have organised something local yourself and love helping others do
        the same.
      </p>
      <h3>Full-stack Engineer (TypeScript)</h3>
      <p>
        Build features across our React front end and Node.js server, from real-time chat to accessibility.
        You care about fast pages, clear code and tests that catch real bugs.
      </p>
      <h3>Trust and Safety Specialist (part-time)</h3>
      <p>
        Review reports, help shape the Community Guides and make sure every event on Townsquare is a safe
        place to show up.
      </p>
      <h2>Apply</h2>
      <p>
        Send a short note about yourself and something local you have been part of to{' '}
        <a href="mailto:jobs@townsquare.community">jobs@townsquare.community</a>. No cover letter templates,
        please: we read every message.
      </p>
    </InfoPage>
  );
}
