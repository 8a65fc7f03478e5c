/** "Eres el 2.º en la lista": the client's place in a class's waitlist. */
export const positionLabel = (position: number): string => `Eres el ${position}.º en la lista`;

/** "Lista de espera (3)": the button of a full class, with how many are waiting. */
export const waitlistButtonLabel = (waiting: number): string =>
  waiting > 0 ? `Lista de espera (${waiting})` : 'Lista de espera';

export const JOIN_TITLE = '¿Unirte a la lista de espera?';
export const LEAVE_TITLE = '¿Salir de la lista de espera?';
export const LEFT_MESSAGE = 'Saliste de la lista de espera.';
