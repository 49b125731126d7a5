import type { Community } from '@townsquare/contracts';
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
import { useJoinCommunity } from '../api/join-community.ts';
import { useLeaveCommunity } from '../api/leave-community.ts';

/** Join / Request to join / Requested / Invited: accept / Member ▾ leave. */
export function JoinButton({ community }: { community: Community }) {
  const join = useJoinCommunity(community.slug);
  const leave = useLeaveCommunity(community.slug);
  const [asking, setAsking] = useState(false);
  const fail = (err: unknown) => toast.error(errorMessage(err, 'Something went wrong'));
  const doJoin = (answers?: string[]) =>
    join.mutate(answers, { onError: fail, onSuccess: () => setAsking(false) });

  switch (community.viewerState) {
    case 'member':
      return (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary">Member ▾</Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => leave.mutate(undefined, { onError: fail })}>
              Leave community
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
        <Button onClick={() => doJoin()} disabled={join.isPending}>
          Invited: accept
        </Button>
      );
    case 'banned':
      return null;
    default:
      if (community.joinPolicy === 'INVITE')
        return <p className="text-sm text-stone-700">By invitation only</p>;
      if (community.joinPolicy === 'OPEN')
        return (
          <Button onClick={() => doJoin()} disabled={join.isPending}>
            {join.isPending ? 'Joining...' : 'Join'}
          </Button>
        );
      return (
        <>
          <Button
            onClick={() => (community.joinQuestions.length ? setAsking(true) : doJoin([]))}
            disabled={join.isPending}
          >
            Request to join
          </Button>
          <Dialog open={asking} onOpenChange={setAsking}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Request to join {community.name}</DialogTitle>
                <DialogDescription>
                  The organisers read your answers before they let you in.
                </DialogDescription>
              </DialogHeader>
              <form
                onSubmit={(event: FormEvent<HTMLFormElement>) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  doJoin(community.joinQuestions.map((_, i) => String(form.get(`answer-${i}`) ?? '')));
                }}
                className="space-y-4"
              >
                {community.joinQuestions.map((question, i) => (
                  <div key={question} className="space-y-1.5">
                    <label htmlFor={`answer-${i}`} className="text-sm font-medium text-stone-900">
                      {question}
                    </label>
                    <Textarea id={`answer-${i}`} name={`answer-${i}`} required maxLength={500} rows={2} />
                  </div>
                ))}
                <DialogFooter>
                  <Button type="submit" disabled={join.isPending}>
                    {join.isPending ? 'Sending...' : 'Send request'}
                  </Button>
                </DialogFooter>
              </form>
            </DialogContent>
          </Dialog>
        </>
      );
  }
}
