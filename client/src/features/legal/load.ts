import type { QueryClient } from '@tanstack/react-query';
import type { LegalDocumentResponseDto, LegalVersionDto } from '@/api/generated/model';
import {
  legalDocumentQueryOptions,
  legalVersionQueryOptions,
  legalVersionsQueryOptions,
  type LegalKind,
} from './queries';

export interface LegalPageData {
  /** The version in force; null while none is published (the page shows its draft). */
  current: LegalDocumentResponseDto | null;
  /** The version the page shows: the one in force, or the earlier one asked for by `?version=N`. */
  shown: LegalDocumentResponseDto | null;
  versions: LegalVersionDto[];
}

/**
 * A legal page's reads, for its route loader (in the server's first HTML, like the instructor's
 * page: the text is the page). Null `shown` with a version asked for: no such version (the route's 404).
 */
export async function loadLegalPage(
  queryClient: QueryClient,
  kind: LegalKind,
  version: number | undefined,
): Promise<LegalPageData> {
  const [current, versions] = await Promise.all([
    queryClient.ensureQueryData(legalDocumentQueryOptions(kind)),
    queryClient.ensureQueryData(legalVersionsQueryOptions(kind)),
  ]);
  if (version === undefined || version === current?.version) return { current, shown: current, versions };
  const shown = version > 0 ? await queryClient.ensureQueryData(legalVersionQueryOptions(kind, version)) : null;
  return { current, shown, versions };
}
