import { GUEST_MSG } from '@townsquare/contracts';
import { CircleX } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client.ts';

/** A guest's e-mail link that did not work: missing its token, used, expired or made up. */
export function GuestLinkFailed({ token, error }: { token: string | null; error: unknown }) {
  return (
    <div className="space-y-4">
      <CircleX className="mx-auto size-12 text-red-700" aria-hidden="true" />
      <h1 className="font-display text-2xl font-semibold">This link did not work</h1>
      <p role="alert" className="text-stone-700">
        {token ? errorMessage(error, GUEST_MSG.linkInvalid) : GUEST_MSG.tokenRequired}
      </p>
    </div>
  );
}
