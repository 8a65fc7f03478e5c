import type { CataloguePlanDto, PurchaseDto } from '@/api/generated/model';

export const GET_PLANES = '/api/planes/get-planes';
export const CHECKOUT = '/api/mercadopago';
export const PREVIEW = '/api/mercadopago/preview';
export const CONFIRM = '/api/mercadopago/confirm';
export const PURCHASES = '/api/mercadopago/purchases';

export const catalogue: CataloguePlanDto[] = [
  {
    id: 1,
    name: 'Una Clase',
    price: 220,
    classes: 1,
    commission: 9.45,
    total: 229.45,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
  {
    id: 2,
    name: 'Cuatro Clases',
    price: 800,
    classes: 4,
    commission: 31.84,
    total: 831.84,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
  {
    id: 3,
    name: 'Ocho Clases',
    price: 1500,
    classes: 8,
    commission: 59.7,
    total: 1559.7,
    intro: false,
    kind: 'pack',
    weeklyLimit: null,
    dailyLimit: null,
    classTypes: [],
  },
];

export function purchase(overrides: Partial<PurchaseDto> = {}): PurchaseDto {
  return {
    id: 7,
    plan: 'Cuatro Clases',
    status: 'approved',
    total: 831.84,
    expiresAt: null,
    userPlanId: 31,
    ...overrides,
  };
}
