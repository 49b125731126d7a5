import { COMMUNITY_LIMITS, type JoinPolicy } from '@townsquare/contracts';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateCommunity } from '../api/create-community.ts';

const POLICIES: { value: JoinPolicy; label: string }[] = [
  { value: 'OPEN', label: 'Anyone can join' },
  { value: 'APPROVAL', label: 'People ask, organisers approve' },
  { value: 'INVITE', label: 'By invitation only' },
];

/** "Start a community": name, address, description, place, who can join, visibility. */
export function CreateCommunityDialog() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const create = useCreateCommunity();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? '').trim();
    const question = text('question');
    setError(undefined);
    create.mutate(
      {
        name: text('name'),
        ...(text('slug') ? { slug: text('slug') } : {}),
        description: text('description'),
        location: text('location'),
        joinPolicy: text('joinPolicy') as JoinPolicy,
        visibility: form.get('private') ? 'PRIVATE' : 'PUBLIC',
        ...(question && text('joinPolicy') === 'APPROVAL' ? { joinQuestions: [question] } : {}),
      },
      {
        onSuccess: (community) => {
          toast.success(`${community.name} is ready`);
          setOpen(false);
          navigate(`/c/${community.slug}`);
        },
        onError: (err) => setError(errorMessage(err, 'Could not create the community')),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> Start a community
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start a community</DialogTitle>
          <DialogDescription>A home for your club: members, events and a chat.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormField id="community-name" label="Name">
            {(control) => <Input {...control} name="name" required maxLength={COMMUNITY_LIMITS.nameMax} />}
          </FormField>
          <FormField
            id="community-slug"
            label="Address"
            optional
            hint="townsquare/c/your-address; made from the name if empty"
          >
            {(control) => <Input {...control} name="slug" maxLength={COMMUNITY_LIMITS.slugMax} />}
          </FormField>
          <FormField id="community-description" label="Description" optional>
            {(control) => (
              <Textarea
                {...control}
                name="description"
                maxLength={COMMUNITY_LIMITS.descriptionMax}
                rows={3}
              />
            )}
          </FormField>
          <FormField id="community-location" label="Place" optional>
            {(control) => <Input {...control} name="location" maxLength={COMMUNITY_LIMITS.locationMax} />}
          </FormField>
          <FormField id="community-policy" label="Who can join">
            {(control) => (
              <select {...control} name="joinPolicy" defaultValue="OPEN" className={inputClassName}>
                {POLICIES.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="community-question" label="Join question (for approval)" optional>
            {(control) => <Input {...control} name="question" maxLength={COMMUNITY_LIMITS.questionMax} />}
          </FormField>
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" name="private" className="size-4" /> Private: members, events and chat for
            members only
          </label>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create community'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
