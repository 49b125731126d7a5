import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  return (
    <StatusPage code="404" title="Page Not Found">
      <p>
        We looked all around the square but could not find that page. It may have moved, or the link may be
        wrong.
      </p>
    </StatusPage>
  );
}
