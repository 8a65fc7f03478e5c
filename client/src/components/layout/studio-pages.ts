import { Permission } from '@/lib/permissions';

/**
 * The studio's pages ("Administrador"), in menu order, each for the roles that hold its permission.
 * No icons here: the header reads this list on every page (adminHome), and the side menu's icons
 * (lucide-react's runtime with them) would otherwise ride into the home page's first download.
 */
export const STUDIO_PAGES = [
  { to: '/pilates/panel', label: 'Panel', permission: Permission.DashboardRead },
  { to: '/pilates/usuarios', label: 'Usuarios', permission: Permission.UsersRead },
  { to: '/pilates/usuarios-clases', label: 'Ver clases', permission: Permission.RosterRead },
  { to: '/pilates/horario', label: 'Horario', permission: Permission.TimetableManage },
  { to: '/pilates/instructores', label: 'Instructores', permission: Permission.InstructorsManage },
  { to: '/pilates/pago-instructores', label: 'Pago a instructores', permission: Permission.InstructorPayRead },
  { to: '/pilates/sala', label: 'Sala', permission: Permission.RoomManage },
  { to: '/pilates/planes-admin', label: 'Planes', permission: Permission.CatalogueManage },
  { to: '/pilates/membresias', label: 'Membresías', permission: Permission.PaymentsRead },
  { to: '/pilates/promociones', label: 'Promociones', permission: Permission.PromosManage },
  { to: '/pilates/tarjetas-de-regalo', label: 'Tarjetas de regalo', permission: Permission.GiftCardsManage },
  { to: '/pilates/facturas', label: 'Facturas', permission: Permission.PaymentsRead },
  { to: '/pilates/arco', label: 'Solicitudes ARCO', permission: Permission.ArcoManage },
  { to: '/pilates/auditoria', label: 'Auditoría', permission: Permission.AuditRead },
  { to: '/pilates/ajustes', label: 'Ajustes', permission: Permission.SettingsManage },
  { to: '/pilates/textos-legales', label: 'Textos legales', permission: Permission.SettingsManage },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

export type StudioPagePath = (typeof STUDIO_PAGES)[number]['to'];
