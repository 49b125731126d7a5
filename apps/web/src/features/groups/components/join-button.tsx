import type { CommunityRole, JoinPolicy, MembershipState } from '@townsquare/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/** What the button shows of a group and of the viewer's place in it (a community carries all of it). */
export interface Membership {
  name: string;
  viewerState: MembershipState | null;
  viewerRole: CommunityRole | null;
  joinPolicy: JoinPolicy;
  joinQuestions: readonly string[];
}

/** A mutation as the button uses it (a TanStack `useMutation` result fits). */
export interface MembershipAction<V> {
  mutate: (variables: V, options: { onError: (error: unknown) => void; onSuccess?: () => void }) => void;
  isPending: boolean;
}

const ROLE_LABEL = { OWNER: 'Owner', ORGANIZER: 'Organiser', MEMBER: 'Member' } as const;

/**
 * The one join button of every kind of group, with every state: Join / Request to join (with the
 * group's questions) / Requested / Invited: accept / By invitation only, and for a member their
 * role ("Owner ▾", "Organiser ▾", "Member ▾") opening Leave (the server tells an owner to hand over first).
 */
export function JoinButton({
  group,
  join,
  leave,
  leaveLabel,
  size,
}: {
  group: Membership;
  /** Absent where nobody joins by themselves (a friend group: its creator adds people). */
  join?: MembershipAction<string[] | undefined>;
  leave: MembershipAction<void>;
  /** "Leave community", "Leave group". */
  leaveLabel: string;
  /** `sm` beside a group's other small buttons. */
  size?: 'sm';
}) {
  const [asking, setAsking] = useState(false);
  const fail = (err: unknown) => toast.error(errorMessage(err, 'Something went wrong'));
  const doJoin = (answers?: string[]) =>
    join?.mutate(answers, { onError: fail, onSuccess: () => setAsking(false) });
  const joining = join?.isPending ?? false;

  switch (group.viewerState) {
    case 'member':
      return (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" size={size}>
              {ROLE_LABEL[group.viewerRole ?? 'MEMBER']} ▾
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => leave.mutate(undefined, { onError: fail })}>
              {leaveLabel}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      );
    case 'pending':
      return (
        <Button
          variant="secondary"
          onClick={() => leave.mutate(undefined, { onError: fail })}
          aria-label="Requested: cancel the request"
        >
          Requested
        </Button>
      );
    case 'invited':
      return (
        <Button onClick={() => doJoin()} disabled={joining}>
          Invited: accept
        </Button>
      );
    case 'banned':
      return null;
    default:
      if (!join || group.joinPolicy === 'INVITE')
        return <p className="text-sm text-stone-700">By invitation only</p>;
      if (group.joinPolicy === 'OPEN')
        return (
          <Button onClick={() => doJoin()} disabled={joining}>
            {joining ? 'Joining...' : 'Join'}
          </Button>
        );
      return (
        <>
          <Button
            onClick={() => (group.joinQuestions.length ? setAsking(true) : doJoin([]))}
            disabled={joining}
          >
            Request to join
          </Button>
          <Dialog open={asking} onOpenChange={setAsking}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Request to join {group.name}</DialogTitle>
                <DialogDescription>
                  The organisers read your answers before they let you in.
                </DialogDescription>
              </DialogHeader>
              <form
                onSubmit={(event: FormEvent<HTMLFormElement>) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  doJoin(group.joinQuestions.map((_, i) => String(form.get(`answer-${i}`) ?? '')));
                }}
                className="space-y-4"
              >
                {group.joinQuestions.map((question, i) => (
                  <div key={question} className="space-y-1.5">
                    <label htmlFor={`answer-${i}`} className="text-sm font-medium text-stone-900">
                      {question}
                    </label>
                    <Textarea id={`answer-${i}`} name={`answer-${i}`} required maxLength={500} rows={2} />
                  </div>
                ))}
                <DialogFooter>
                  <Button type="submit" disabled={joining}>
                    {joining ? 'Sending...' : 'Send request'}
                  </Button>
                </DialogFooter>
              </form>
            </DialogContent>
          </Dialog>
        </>
      );
  }
}
