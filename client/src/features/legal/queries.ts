import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import {
  getGetLegalDocumentQueryKey,
  getGetLegalVersionQueryKey,
  getLegalDocument,
  getLegalVersion,
  getListLegalVersionsQueryKey,
  listLegalVersions,
} from '@/api/generated/legal/legal';
import type { LegalDocumentResponseDto, LegalVersionDto } from '@/api/generated/model';

/** The three texts the studio publishes: terms, the full privacy notice and the short one. */
export type LegalKind = 'terminos' | 'privacidad' | 'aviso-corto';

/** A read whose 404 (`LEGAL_DOCUMENT_NOT_FOUND`) means "nothing of it": null, cached like any answer. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The version in force, or null while none is published (the site shows its drafts). */
export const legalDocumentQueryOptions = (kind: LegalKind) =>
  queryOptions({
    queryKey: getGetLegalDocumentQueryKey(kind),
    queryFn: ({ signal }): Promise<LegalDocumentResponseDto | null> => orNull(getLegalDocument(kind, { signal })),
  });

/** Every version of a text, the one in force first (empty while none is published). */
export const legalVersionsQueryOptions = (kind: LegalKind) =>
  queryOptions({
    queryKey: getListLegalVersionsQueryKey(kind),
    queryFn: async ({ signal }): Promise<LegalVersionDto[]> =>
      (await orNull(listLegalVersions(kind, { signal })))?.versions ?? [],
  });

/** One version by its number, or null when there is no such version. */
export const legalVersionQueryOptions = (kind: LegalKind, version: number) =>
  queryOptions({
    queryKey: getGetLegalVersionQueryKey(kind, version),
    queryFn: ({ signal }): Promise<LegalDocumentResponseDto | null> =>
      orNull(getLegalVersion(kind, version, { signal })),
  });
