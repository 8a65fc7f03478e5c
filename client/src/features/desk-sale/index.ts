// "Venta en mostrador": a plan sold at the desk (Usuarios opens it on a client's row).
export { DeskSaleDialog } from './components/desk-sale-dialog';
export { DESK_METHOD_LABELS } from './format';
