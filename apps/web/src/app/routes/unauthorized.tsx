import { StatusPage } from './status-page.tsx';

export function UnauthorizedPage() {
  return (
    <StatusPage code="403" title="Access Denied">
      <p>
        You do not have permission to view this page. If you think you should, ask the person who runs it.
      </p>
    </StatusPage>
  );
}
