import { useQuery } from '@tanstack/react-query';
import type { LegalDocumentResponseDto } from '@/api/generated/model';
import { legalDocumentQueryOptions, legalVersionsQueryOptions, type LegalKind } from './queries';

export interface PublishedLegalDocument {
  /** The version in force; null while none is published. */
  data: LegalDocumentResponseDto | null | undefined;
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
}

/**
 * The version in force, read in the browser without asking for a text never published: the list of
 * versions (which always answers 200) first, then the text only when there is one. Asked directly,
 * an unpublished text answers its documented 404, which the browser logs in the console of every page
 * showing the short notice (registration among them) until the studio publishes it.
 */
export function usePublishedLegalDocument(kind: LegalKind): PublishedLegalDocument {
  const versions = useQuery(legalVersionsQueryOptions(kind));
  const published = (versions.data?.length ?? 0) > 0;
  const document = useQuery({ ...legalDocumentQueryOptions(kind), enabled: published });
  if (!versions.isSuccess) {
    return { data: undefined, isPending: versions.isPending, isSuccess: false, error: versions.error };
  }
  if (!published) return { data: null, isPending: false, isSuccess: true, error: null };
  return { data: document.data, isPending: document.isPending, isSuccess: document.isSuccess, error: document.error };
}
