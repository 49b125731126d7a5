import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useCommunityPeople } from '../api/get-community-people.ts';

/**
 * The About tab's people: the organisers by name, each linking to their profile, and a
 * row of member faces with the member count. Shown to whoever may read the community's events.
 */
export function CommunityPeople({ slug, canRead }: { slug: string; canRead: boolean }) {
  const t = useT();
  const people = useCommunityPeople(slug, canRead);
  if (!canRead || people.isError) return null;
  if (people.isPending) return <Skeleton className="mt-6 h-24 w-full max-w-md" />;
  const { organizers, faces, memberCount } = people.data;
  const more = memberCount - faces.length;
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2">
      <HeadedSection id="community-organizers" title={t('communities.page.organizers')} className="space-y-2">
        <ul className="space-y-2">
          {organizers.map((person) => (
            <li key={person.id} className="flex items-center gap-3">
              <Avatar src={person.profileImage} alt="" className="size-9" />
              <Link to={`/user/${person.id}`} className="font-semibold text-brand-800 hover:underline">
                {person.fullName || person.username}
              </Link>
            </li>
          ))}
        </ul>
      </HeadedSection>
      <HeadedSection id="community-faces" title={t('communities.page.faces')} className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <ul className="flex -space-x-2">
            {faces.map((person) => (
              <li key={person.id}>
                <Link to={`/user/${person.id}`} className="block rounded-full">
                  <Avatar src={person.profileImage} alt="" />
                  <span className="sr-only">{person.fullName || person.username}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="text-sm text-stone-700">
            {more > 0
              ? t('communities.page.facesMore', { count: memberCount, more })
              : t('communities.card.members', { count: memberCount })}
          </p>
        </div>
      </HeadedSection>
    </div>
  );
}
