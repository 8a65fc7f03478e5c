import { useGetMembership } from '@/api/generated/informacion/informacion';
import { ErrorMessage } from '@/components/ui/error-message';
import { MembershipCard } from './membership-card';

/** Mis planes' membership card, when the client has a membership (nothing otherwise). */
export function MyMembership() {
  const query = useGetMembership({});
  if (query.isError) return <ErrorMessage error={query.error} />;
  const membership = query.data?.membership;
  return membership ? <MembershipCard membership={membership} /> : null;
}
