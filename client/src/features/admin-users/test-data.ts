/* Fixtures and stubbed answers shared by the admin users tests. */
import type {
  AdminCatalogPlanDto,
  AdminPurchaseDto,
  AdminUserRowDto,
  MyClassDto,
  UserPlanDto,
} from '@/api/generated/model';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Handler } from '@/test/page-test-utils';

export const URLS = {
  users: '/api/informacion/get-users',
  addUser: '/api/admin/add-user',
  changeData: '/api/admin/change-data',
  deleteUser: '/api/admin/delete-user',
  activeUser: '/api/admin/active-user',
  catalogue: '/api/planes/catalogo',
  addPlan: '/api/planes/add-plan-admin',
  userPlans: '/api/informacion/get-planes',
  changePlan: '/api/admin/change-data-plan',
  userClasses: '/api/informacion/get-clases',
  cancelReservation: '/api/reservations/cancel-reservation',
  purchases: '/api/admin/get-purchases',
  refund: '/api/admin/refund-payment',
} as const;

export const ana: AdminUserRowDto = {
  id: 7,
  name: 'Ana López',
  email: 'ana@example.com',
  cumpleanos: '1990-05-17',
  role: 'user',
  active: 1,
  attended: 5,
  noShow: 2,
};
export const bruno: AdminUserRowDto = {
  id: 6,
  name: 'Bruno Díaz',
  email: 'bruno@example.com',
  cumpleanos: '1985-12-01',
  role: 'admin',
  active: 1,
  attended: 0,
  noShow: 0,
};
export const carla: AdminUserRowDto = {
  id: 5,
  name: 'Carla Ruiz',
  email: 'carla@example.com',
  cumpleanos: '2000-01-09',
  role: 'user',
  active: 0,
  attended: 0,
  noShow: 0,
};

export const pagination = (currentPage = 1, totalPages = 1, totalRecords = 3) => ({
  currentPage,
  totalPages,
  totalRecords,
});

/** get-users answering the three users on one page. */
export const usersPage: Handler = () => ({
  status: 200,
  body: { success: true, usuarios: [ana, bruno, carla], pagination: pagination() },
});

export const catalogue: AdminCatalogPlanDto[] = [
  {
    id: 1,
    name: 'Una Clase',
    price: 220,
    classes: 1,
    visible: true,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    classTypes: [],
  },
  {
    id: 3,
    name: 'Ocho Clases',
    price: 1500,
    classes: 8,
    visible: true,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    classTypes: [],
  },
  {
    id: 9,
    name: 'Diez Clases',
    price: 1700,
    classes: 10,
    visible: false,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    classTypes: [],
  },
];
export const catalogueAnswer: Handler = () => ({ status: 200, body: { success: true, planes: catalogue } });

export const paidPlan: UserPlanDto = {
  id: 12,
  plan: 'Ocho Clases',
  classes_remaining: 5,
  classes_total: 8,
  startDate: '2026-11-02',
  endDate: '2026-12-01',
  is_paid: 1,
  revoked: false,
  membership: false,
};

/** get-user-planes: the client's one paid plan. */
export const plansAnswer: Handler = () => ({
  status: 200,
  body: { success: true, planes: [paidPlan], pagination: pagination(1, 1, 1) },
});
export const unpaidPlan: UserPlanDto = {
  ...paidPlan,
  id: 11,
  plan: 'Cuatro Clases',
  classes_remaining: 4,
  classes_total: 4,
  is_paid: 0,
};
export const refundedPlan: UserPlanDto = { ...paidPlan, id: 10, plan: 'Una Clase', classes_total: 1, revoked: true };

export const upcomingClass: MyClassDto = {
  id: 31,
  date: '2026-11-24',
  dayOfWeek: 'Martes',
  time: '7:00 AM',
  instructor: 'Mariana',
  classType: 'Pilates Reformer · Básico',
  isPast: false,
  cancellable: true,
  releasable: false,
  cancellableUntil: '2026-11-23T19:00:00.000Z',
  attended: null,
  spot: null,
  lateReleased: false,
  forgiven: false,
};
export const pastClass: MyClassDto = {
  ...upcomingClass,
  id: 30,
  date: '2026-11-02',
  dayOfWeek: 'Lunes',
  time: '6:00 PM',
  instructor: null,
  isPast: true,
  cancellable: false,
  attended: true,
};

export const conflict = (code: string, error: unknown) => ({ status: 409, body: { success: false, code, error } });

/** A purchase paid through Mercado Pago that gave plan #12. */
export const approvedPurchase: AdminPurchaseDto = {
  id: 40,
  plan: 'Ocho Clases',
  status: 'approved',
  statusDetail: 'accredited',
  total: 1564,
  paid: 1564,
  refunded: 0,
  refundable: 1564,
  issue: null,
  duplicateOf: null,
  providerPaymentId: '900070',
  approvedAt: '2026-11-02T18:00:00.000Z',
  userPlanId: 12,
  method: 'mercado_pago',
  received: null,
  balance: 0,
};
/** Paid wholly with the gift balance: nothing charged, $1,500 of balance. */
export const balancePurchase: AdminPurchaseDto = {
  ...approvedPurchase,
  id: 44,
  statusDetail: 'gift_balance',
  total: 0,
  paid: 0,
  refundable: 1500,
  providerPaymentId: null,
  balance: 1500,
};
/** $1,000 of gift balance and $524 by Mercado Pago. */
export const mixedPurchase: AdminPurchaseDto = {
  ...approvedPurchase,
  id: 45,
  total: 524,
  paid: 524,
  refundable: 524,
  providerPaymentId: '900075',
  balance: 1000,
};
/** Paid less than the purchase asked: no plan. */
export const mismatchedPurchase: AdminPurchaseDto = {
  ...approvedPurchase,
  id: 41,
  paid: 1,
  refundable: 1,
  issue: 'amount_mismatch',
  providerPaymentId: '900071',
  userPlanId: null,
};
/** A second payment of purchase #40. */
export const duplicatePurchase: AdminPurchaseDto = {
  ...approvedPurchase,
  id: 42,
  issue: 'duplicate',
  duplicateOf: 40,
  providerPaymentId: '900072',
  userPlanId: null,
};
export const partlyRefundedPurchase: AdminPurchaseDto = {
  ...approvedPurchase,
  id: 43,
  plan: 'Cuatro Clases',
  total: 800,
  paid: 800,
  refunded: 300,
  refundable: 500,
  statusDetail: 'partially_refunded',
  providerPaymentId: '900073',
  userPlanId: 11,
};
export const purchasesAnswer =
  (purchases: AdminPurchaseDto[]): Handler =>
  () => ({ status: 200, body: { success: true, purchases } });

/** In the users table: a row's action from its "Más acciones" menu. */
export async function chooseRowAction(userName: string, action: string) {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  await userEvent.click(await within(table).findByRole('button', { name: `Más acciones para ${userName}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}
