/**
 * The OpenAPI document's `summary` of every operation, by operationId (the controller method's
 * name): short, Spanish, what the call does. buildOpenApiDocument refuses to write a document with
 * an operation missing here, so a new route cannot ship undocumented.
 */
export const OPERATION_SUMMARIES: Readonly<Record<string, string>> = {
  // Cuenta y sesión
  register: 'Crear una cuenta',
  login: 'Iniciar sesión',
  logout: 'Cerrar sesión',
  logoutAll: 'Cerrar sesión en todos los dispositivos',
  changePassword: 'Cambiar la contraseña',
  forgotPassword: 'Pedir el enlace para restablecer la contraseña',
  checkResetToken: 'Comprobar un enlace de restablecimiento',
  resetPassword: 'Restablecer la contraseña',
  getCookie: 'Leer la sesión actual',
  getHealth: 'Estado del servidor',
  getStudio: 'Datos de contacto del estudio',

  // Mi información
  changeInfoUser: 'Cambiar mis datos',
  getClases: 'Mis clases',
  getUserPlanes: 'Mis planes',
  getUsers: 'Lista de usuarios (administración)',
  getUserWhatsApp: 'WhatsApp de un usuario: consentimiento y últimos mensajes',
  planHistory: 'Historial de un plan',
  setFavouriteSpot: 'Elegir mi reformer favorito',
  getCalendarFeedUrl: 'Dirección de mi calendario',
  resetCalendarFeedUrl: 'Cambiar la dirección de mi calendario',
  downloadCalendarFeed: 'Calendario iCalendar de mis clases',
  getWhatsAppConsent: 'Mis avisos por WhatsApp',
  giveWhatsAppConsent: 'Recibir avisos por WhatsApp',
  withdrawWhatsAppConsent: 'Dejar de recibir avisos por WhatsApp',

  // Reservas
  getInformation: 'Clases de un día',
  getInformationClases: 'Clases de un día con sus listas',
  pushReservation: 'Reservar una clase',
  cancelReservation: 'Cancelar una reserva',
  releaseSpot: 'Liberar mi lugar después del límite',
  changeSpot: 'Cambiar de reformer',
  joinWaitlist: 'Entrar a la lista de espera',
  leaveWaitlist: 'Salir de la lista de espera',
  removeFromWaitlist: 'Quitar a alguien de la lista de espera',
  promoteFromWaitlist: 'Dar un lugar a alguien de la lista de espera',
  markAttendance: 'Marcar asistencia',
  cancelClass: 'Cancelar una clase para todos',
  setSubstitute: 'Poner o quitar un suplente en una clase',
  setSubstitutes: 'Poner o quitar un suplente en las clases de unas fechas',
  getSala: 'La sala y sus reformers',

  // Horario
  listTimetable: 'Horario semanal',
  addSchedule: 'Agregar una clase al horario',
  changeSchedule: 'Cambiar una clase del horario',
  activateSchedule: 'Activar una clase del horario',
  deactivateSchedule: 'Quitar una clase del horario',

  // Planes y catálogo
  getPlanes: 'Catálogo de planes a la venta',
  catalogue: 'Catálogo completo (administración)',
  addCataloguePlan: 'Agregar un plan al catálogo',
  changeCataloguePlan: 'Cambiar un plan del catálogo',
  hideCataloguePlan: 'Ocultar un plan del catálogo',
  showCataloguePlan: 'Mostrar un plan del catálogo',
  addPlanAdmin: 'Dar un plan a un usuario',

  // Pagos
  previewCheckout: 'Precio, descuento, comisión y total antes de pagar',
  startCheckout: 'Comprar un plan con Mercado Pago',
  subscribeMembership: 'Suscribirse a una membresía mensual con Mercado Pago',
  confirmPayment: 'Confirmar un pago al volver de Mercado Pago',
  listPurchases: 'Mis compras',
  getPurchases: 'Compras de un usuario',
  refundPayment: 'Reembolsar un pago',
  deskSalePreview: 'Precio de una venta en mostrador',
  deskSale: 'Registrar una venta en mostrador',

  // Promociones y tarjetas de regalo
  listPromoCodes: 'Códigos promocionales',
  addPromoCode: 'Crear un código promocional',
  changePromoCode: 'Cambiar un código promocional',
  giftCardOptions: 'Montos de tarjeta de regalo',
  buyGiftCard: 'Comprar una tarjeta de regalo',
  redeemGiftCard: 'Canjear una tarjeta de regalo',
  getGiftBalance: 'Mi saldo de regalo',
  getGiftCardPage: 'Página imprimible de una tarjeta de regalo',
  listGiftCards: 'Tarjetas de regalo vendidas',
  resendGiftCard: 'Reenviar una tarjeta de regalo',
  voidGiftCard: 'Anular una tarjeta de regalo',
  refundGiftCard: 'Reembolsar y anular una tarjeta de regalo',
  deskGiftCardSale: 'Vender una tarjeta de regalo en mostrador',

  // Instructores
  listPublicInstructors: 'Nuestros instructores',
  getInstructorPage: 'Perfil de un instructor con sus próximas clases',
  listInstructors: 'Perfiles de instructores (administración)',
  addInstructor: 'Agregar un perfil de instructor',
  changeInstructor: 'Cambiar un perfil de instructor',
  getInstructorPay: 'Pago a instructores de un mes',
  exportInstructorPay: 'Descargar el pago a instructores de un mes (CSV)',
  getMyPay: 'Mi pago como instructor de un mes',
  uploadInstructorPhoto: 'Subir la foto de un instructor',
  removeInstructorPhoto: 'Quitar la foto de un instructor',
  getInstructorPhoto: 'Foto de un instructor (un tamaño y formato)',

  // Tipos de clase
  listClassTypes: 'Tipos de clase (administración)',
  addClassType: 'Agregar un tipo de clase',
  changeClassType: 'Cambiar un tipo de clase',
  listPublicClassTypes: 'Tipos de clase activos (filtro de reservas)',

  // Administración
  getUser: 'Datos de un usuario',
  addUser: 'Crear un usuario',
  changeData: 'Cambiar los datos de un usuario',
  changeDataPlan: 'Cambiar el plan de un usuario',
  deleteUser: 'Desactivar un usuario',
  activeUser: 'Activar un usuario',
  walkIn: 'Agregar a un cliente sin reserva',
  forgive: 'Perdonar una falta',
  getAudit: 'Auditoría',
  getDashboard: 'Panel del estudio',
  sendPlanReminder: 'Avisar a un cliente que su plan termina',
  exportCsv: 'Descargar un CSV',
  getSettings: 'Ajustes del estudio',
  changeSettings: 'Cambiar los ajustes del estudio',
  getAdminSala: 'La sala (administración)',
  addSpot: 'Agregar un reformer',
  updateSpot: 'Cambiar un reformer',
  retireSpot: 'Retirar un reformer',
  moveInstructor: 'Mover el lugar del instructor',
  previewOutage: 'A quién afecta dejar un reformer fuera de servicio',
  createOutage: 'Dejar un reformer fuera de servicio',
  endOutage: 'Volver a poner un reformer en servicio',

  // Instructores: sus clases y las peticiones de suplente
  teachingClasses: 'Mis clases a impartir, con sus inscritos',
  askCover: 'Pedir un suplente para una clase',
  withdrawCover: 'Retirar una petición de suplente',
  listCoverRequests: 'Peticiones de suplente abiertas',
  approveCover: 'Aprobar una petición de suplente',
  declineCover: 'Rechazar una petición de suplente',
};
