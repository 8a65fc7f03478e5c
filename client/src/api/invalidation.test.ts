import { MutationObserver, QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  getListArcoRequestsUrl,
  getListCoverRequestsUrl,
  getListInstructorsUrl,
  getListClassTypesUrl,
  getCatalogueUrl,
  getGetAdminSalaUrl,
  getGetAuditUrl,
  getGetDashboardUrl,
  getGetInstructorPayUrl,
  getGetPurchasesUrl,
  getGetSettingsUrl,
  getGetUserUrl,
  getGetUsersUrl,
  getListGiftCardsUrl,
  getListPromoCodesUrl,
  getGetInvoicesUrl,
  getGetUserInvoicesUrl,
  getGetPurchaseInvoicesUrl,
  getPreviewGlobalInvoiceUrl,
  getGetAdminMembershipsUrl,
  getGetAdminMembershipDetailUrl,
} from './generated/admin/admin';
import { getGetGiftBalanceUrl, getGiftCardOptionsUrl } from './generated/gift-cards/gift-cards';
import { getListTimetableUrl } from './generated/horario/horario';
import { getTeachingClassesUrl } from './generated/instructor/instructor';
import { getGetMyPayUrl, getListPublicInstructorsUrl } from './generated/instructores/instructores';
import { getListPublicClassTypesUrl } from './generated/tipos-de-clase/tipos-de-clase';
import {
  getGetClasesUrl,
  getGetFiscalDataUrl,
  getGetMyInvoicesUrl,
  getGetMarketingConsentUrl,
  getGetPendingAcceptancesUrl,
  getGetUserPlanesUrl,
  getGetWhatsAppConsentUrl,
  getGetMyHealthProfileUrl,
  getGetMembershipUrl,
} from './generated/informacion/informacion';
import { getListPurchasesUrl } from './generated/payments/payments';
import { getGetPlanesUrl } from './generated/planes/planes';
import { getGetStudioUrl } from './generated/studio/studio';
import {
  getGetInformationClasesUrl,
  getGetInformationQueryKey,
  getGetInformationUrl,
  getGetSalaUrl,
} from './generated/reservations/reservations';
import { getGetLegalDocumentUrl, getListLegalVersionsUrl } from './generated/legal/legal';
import { LIST_URLS, STALE_AFTER, type List, type Operation } from './invalidation';
import { createQueryClient } from './query-client';

/** Every mutation of the generated client, by the operation id its options put first in the mutation key. */
function generatedMutations(): string[] {
  const modules = import.meta.glob<Record<string, unknown>>('./generated/*/*.ts', { eager: true });
  const operations: string[] = [];
  for (const module of Object.values(modules)) {
    for (const [name, value] of Object.entries(module)) {
      if (!/^get\w+MutationOptions$/.test(name) || typeof value !== 'function') continue;
      const options = (value as () => { mutationKey?: QueryKey })();
      operations.push(String(options.mutationKey?.[0]));
    }
  }
  return operations.sort();
}

function clientWith(...keys: QueryKey[]): QueryClient {
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  for (const key of keys) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

const isStale = (queryClient: QueryClient, key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;

/** Runs the mutation `operation` through the query client, answered with `outcome` instead of the network. */
async function run(queryClient: QueryClient, operation: Operation, outcome: { refusedWith?: string } = {}) {
  const observer = new MutationObserver(queryClient, {
    mutationKey: [operation],
    mutationFn: () =>
      outcome.refusedWith
        ? Promise.reject(new ApiError({ status: 409, code: outcome.refusedWith, messages: ['No se pudo.'] }))
        : Promise.resolve({ success: true }),
  });
  await observer.mutate().catch(() => undefined);
}

const LISTS = Object.keys(LIST_URLS) as List[];
/** One page of every list the client reads. */
const aPageOf = (list: List): QueryKey => [LIST_URLS[list], { pagination: 1 }];

describe('LIST_URLS', () => {
  it("should be the generated endpoints' URLs", () => {
    expect(LIST_URLS).toEqual({
      day: getGetInformationUrl(),
      rosters: getGetInformationClasesUrl(),
      classes: getGetClasesUrl(),
      plans: getGetUserPlanesUrl(),
      ownPurchases: getListPurchasesUrl(),
      userPurchases: getGetPurchasesUrl(),
      users: getGetUsersUrl(),
      user: getGetUserUrl(),
      timetable: getListTimetableUrl(),
      catalogue: getCatalogueUrl(),
      plansOnSale: getGetPlanesUrl(),
      audit: getGetAuditUrl(),
      dashboard: getGetDashboardUrl(),
      sala: getGetSalaUrl(),
      adminSala: getGetAdminSalaUrl(),
      settings: getGetSettingsUrl(),
      promoCodes: getListPromoCodesUrl(),
      studio: getGetStudioUrl(),
      giftBalance: getGetGiftBalanceUrl(),
      giftCards: getListGiftCardsUrl(),
      giftCardOptions: getGiftCardOptionsUrl(),
      instructorProfiles: getListInstructorsUrl(),
      instructors: getListPublicInstructorsUrl(),
      teaching: getTeachingClassesUrl(),
      coverRequests: getListCoverRequestsUrl(),
      instructorPay: getGetInstructorPayUrl(),
      myPay: getGetMyPayUrl(),
      classTypeProfiles: getListClassTypesUrl(),
      classTypes: getListPublicClassTypesUrl(),
      whatsappConsent: getGetWhatsAppConsentUrl(),
      legalTerms: getGetLegalDocumentUrl('terminos'),
      legalTermsVersions: getListLegalVersionsUrl('terminos'),
      legalPrivacy: getGetLegalDocumentUrl('privacidad'),
      legalPrivacyVersions: getListLegalVersionsUrl('privacidad'),
      legalShortNotice: getGetLegalDocumentUrl('aviso-corto'),
      legalShortNoticeVersions: getListLegalVersionsUrl('aviso-corto'),
      fiscalData: getGetFiscalDataUrl(),
      myInvoices: getGetMyInvoicesUrl(),
      adminInvoices: getGetInvoicesUrl(),
      userInvoices: getGetUserInvoicesUrl(),
      purchaseInvoices: getGetPurchaseInvoicesUrl(),
      globalInvoicePreview: getPreviewGlobalInvoiceUrl(),
      pendingAcceptances: getGetPendingAcceptancesUrl(),
      marketingConsent: getGetMarketingConsentUrl(),
      arcoRequests: getListArcoRequestsUrl(),
      myHealthProfile: getGetMyHealthProfileUrl(),
      membership: getGetMembershipUrl(),
      adminMemberships: getGetAdminMembershipsUrl(),
      adminMembershipDetail: getGetAdminMembershipDetailUrl(),
    });
  });
});

describe('STALE_AFTER', () => {
  it('should name every mutation of the generated client, and no other', () => {
    const generated = generatedMutations();
    expect(generated.length).toBeGreaterThan(30);
    expect(Object.keys(STALE_AFTER).sort()).toEqual(generated);
  });
});

describe('the query client after a mutation', () => {
  it.each(Object.keys(STALE_AFTER) as Operation[])(
    'should mark exactly the lists the table names after %s',
    async (operation) => {
      const queryClient = clientWith(...LISTS.map(aPageOf));

      await run(queryClient, operation);

      const stale = LISTS.filter((list) => isStale(queryClient, aPageOf(list)));
      expect(stale.sort()).toEqual([...STALE_AFTER[operation].accepted].sort());
    },
  );

  it('should mark every day and every page of the lists a booking changes, and nothing else', async () => {
    const day = getGetInformationQueryKey({ date: '2026-11-30' });
    const otherDay = getGetInformationQueryKey({ date: '2026-12-01' });
    const classesPage = [getGetClasesUrl(), { page: 2 }];
    const users = [getGetUsersUrl(), { page: 1 }];
    const queryClient = clientWith(day, otherDay, classesPage, users);

    await run(queryClient, 'pushReservation');

    expect(isStale(queryClient, day)).toBe(true);
    expect(isStale(queryClient, otherDay)).toBe(true);
    expect(isStale(queryClient, classesPage)).toBe(true);
    expect(isStale(queryClient, users)).toBe(false);
  });

  it("should mark the client's plans after a booking and after a cancellation (the booking page's classes left)", async () => {
    const plans = [getGetUserPlanesUrl(), { pagination: 1, limit: 20 }];
    const booked = clientWith(plans);
    await run(booked, 'pushReservation');
    expect(isStale(booked, plans)).toBe(true);

    const cancelled = clientWith(plans);
    await run(cancelled, 'cancelReservation');
    expect(isStale(cancelled, plans)).toBe(true);
  });

  it('should mark only the day after a refused booking, and nothing when the refusal opens a plan dialog', async () => {
    const day = getGetInformationQueryKey({ date: '2026-11-30' });
    const classesPage = [getGetClasesUrl(), { page: 1 }];
    const full = clientWith(day, classesPage);
    await run(full, 'pushReservation', { refusedWith: 'CLASS_FULL' });
    expect(isStale(full, day)).toBe(true);
    expect(isStale(full, classesPage)).toBe(false);

    const noPlan = clientWith(day, classesPage);
    await run(noPlan, 'pushReservation', { refusedWith: 'NO_CLASSES_LEFT' });
    expect(isStale(noPlan, day)).toBe(false);
  });

  it('should mark the classes after a cancellation refused because the row was stale, and nothing for other refusals', async () => {
    const classesPage = [getGetClasesUrl(), { page: 1 }];
    const closed = clientWith(classesPage);
    await run(closed, 'cancelReservation', { refusedWith: 'CANCEL_WINDOW_CLOSED' });
    expect(isStale(closed, classesPage)).toBe(true);

    const forbidden = clientWith(classesPage);
    await run(forbidden, 'cancelReservation', { refusedWith: 'FORBIDDEN' });
    expect(isStale(forbidden, classesPage)).toBe(false);
  });

  it('should mark the gift card amounts after a gift card refused for its amount, and nothing for other refusals', async () => {
    const stale = clientWith(aPageOf('giftCardOptions'));
    await run(stale, 'buyGiftCard', { refusedWith: 'GIFT_AMOUNT_INVALID' });
    expect(isStale(stale, aPageOf('giftCardOptions'))).toBe(true);

    const other = clientWith(aPageOf('giftCardOptions'));
    await run(other, 'buyGiftCard', { refusedWith: 'CHECKOUT_RATE_LIMITED' });
    expect(isStale(other, aPageOf('giftCardOptions'))).toBe(false);
  });

  it('should keep a booking pending until the lists on screen have loaded again', async () => {
    const queryClient = clientWith(aPageOf('day'));
    let answer: (() => void) | undefined;
    // The day on screen: its next read answers only when the test says so.
    const onScreen = new QueryObserver(queryClient, {
      queryKey: aPageOf('day'),
      queryFn: () => new Promise((resolve) => (answer = () => resolve({ fresh: true }))),
      staleTime: Infinity,
    });
    const unsubscribe = onScreen.subscribe(() => undefined);
    const booking = new MutationObserver(queryClient, {
      mutationKey: ['pushReservation'],
      mutationFn: () => Promise.resolve({ success: true }),
    });

    const done = booking.mutate();
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(booking.getCurrentResult().isPending).toBe(true);

    answer?.();
    await done;
    expect(booking.getCurrentResult().isSuccess).toBe(true);
    expect(queryClient.getQueryData(aPageOf('day'))).toEqual({ fresh: true });
    unsubscribe();
  });

  it('should answer a change that does not wait at once, while its list reloads behind it', async () => {
    const queryClient = clientWith(aPageOf('users'));
    let answer: (() => void) | undefined;
    const onScreen = new QueryObserver(queryClient, {
      queryKey: aPageOf('users'),
      queryFn: () => new Promise((resolve) => (answer = () => resolve({ fresh: true }))),
      staleTime: Infinity,
    });
    const unsubscribe = onScreen.subscribe(() => undefined);
    const adding = new MutationObserver(queryClient, {
      mutationKey: ['addUser'],
      mutationFn: () => Promise.resolve({ success: true, message: 'Usuario creado con éxito' }),
    });

    await adding.mutate();
    expect(adding.getCurrentResult().isSuccess).toBe(true);
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(onScreen.getCurrentResult().isFetching).toBe(true);

    answer?.();
    await vi.waitFor(() => expect(queryClient.getQueryData(aPageOf('users'))).toEqual({ fresh: true }));
    unsubscribe();
  });
});
