import { PageHeader } from '../../components/ui/page-header.tsx';

const posts = [
  {
    date: 'May 2025',
    tag: 'Organising',
    title: 'Five things every first meetup needs',
    excerpt:
      'A clear meeting point, a name tag table and someone whose job is to say hello. What we learned from a hundred first events.',
  },
  {
    date: 'April 2025',
    tag: 'Product',
    title: 'Introducing verified communities',
    excerpt:
      'Why we check clubs and organisations by hand, what the badge means, and how your club can apply for one.',
  },
  {
    date: 'March 2025',
    tag: 'Stories',
    title: 'How a repair café filled its tables again',
    excerpt:
      'After two quiet winters, the Riverside Repair Café moved its sign-ups to Townsquare. Now there is a waiting list.',
  },
  {
    date: 'February 2025',
    tag: 'Open source',
    title: 'Running Townsquare for your own town',
    excerpt:
      'A walkthrough for libraries and neighbourhood associations that want their own copy of Townsquare.',
  },
] as const;

export function BlogPage() {
  return (
    <>
      <title>Blog · Townsquare</title>
      <PageHeader
        eyebrow="Blog"
        title="Notes from the square"
        description="Stories from our communities, tips for organisers and news about Townsquare."
      />
      <ul className="grid gap-5 md:grid-cols-2">
        {posts.map((post) => (
          <li key={post.title}>
            <article className="h-full rounded-(--radius-card) border border-stone-200/80 bg-white p-6 shadow-(--shadow-soft)">
              <p className="flex items-center gap-2 text-sm text-stone-600">
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-semibold text-brand-900">
                  {post.tag}
                </span>
                {post.date}
              </p>
              <h2 className="mt-3 text-xl font-semibold">{post.title}</h2>
              <p className="mt-2 text-stone-700">{post.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
