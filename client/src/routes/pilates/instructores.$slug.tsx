import { createFileRoute, notFound } from '@tanstack/react-router';
import { getGetInstructorPageQueryOptions } from '../../api/generated/instructores/instructores';
import { isApiError } from '../../api/api-error';
import { InstructorProfile } from '../../features/instructors';
import { getSiteOrigin, pageMeta } from '../../lib/page-title';

/** /pilates/instructores/ana-lopez: one instructor's profile and their classes of the next two weeks. */
export const Route = createFileRoute('/pilates/instructores/$slug')({
  // Server-rendered whole: the profile is the page (an unknown or inactive one is the site's 404).
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(getGetInstructorPageQueryOptions(params.slug));
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData, params }) => ({
    meta: loaderData
      ? pageMeta({
          title: loaderData.instructor.name,
          description:
            `${loaderData.instructor.name}, instructor de Pilates Reformer: ` +
            (loaderData.instructor.specialties.length > 0 ? `${loaderData.instructor.specialties.join(', ')}. ` : '') +
            'Sus próximas clases y reservas en línea.',
          path: `/pilates/instructores/${params.slug}`,
        })
      : pageMeta({ title: 'Instructor' }),
    links: loaderData ? [{ rel: 'canonical', href: `${getSiteOrigin()}/pilates/instructores/${params.slug}` }] : [],
  }),
  component: InstructorPage,
});

function InstructorPage() {
  // The loader's read (from the query cache the server handed over, or fetched on navigation).
  return <InstructorProfile page={Route.useLoaderData()} />;
}
