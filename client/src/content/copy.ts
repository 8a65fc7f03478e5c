/*
 * One voice: the names the site uses for the same things, fixed once. New texts follow this
 * glossary; `copy.test.ts` fails when a visible text uses a variant listed under `avoid`. Labels and
 * messages the studio's clients already know from the earlier site stay as written (with their
 * spelling fixed), and are listed here where they could look like variants.
 */
export interface GlossaryEntry {
  /** What the term names. */
  meaning: string;
  /** The words to use. */
  use: string;
  /** Where a label kept from the earlier site uses other words, and why. */
  specLabels?: string;
  /** Variants that must not appear in a visible text (whole words, case-sensitive). */
  avoid: string[];
  /** Visible texts that keep the spec's own wording although they contain a variant. */
  specTexts?: string[];
}

export const glossary = {
  accountPage: {
    meaning:
      'The login and registration page (/pilates/cuenta), and the link to it for guests (header, mobile menu, footer).',
    use: 'Mi cuenta',
    avoid: ['Mi Cuenta', 'Mi account', 'Ingresar', 'Cuenta'],
  },
  profileLink: {
    meaning: "The header link a logged-in visitor follows to their own pages (the spec's label).",
    use: 'Mi Perfil',
    avoid: ['Mi perfil'],
  },
  personalInfo: {
    meaning: "The page with the client's name, e-mail address and birth date (/pilates/informacion).",
    use: 'Mi información',
    avoid: ['Mi Información', 'Mi informacion', 'Mis datos'],
  },
  email: {
    meaning: 'The e-mail address, and a message sent to it.',
    use: 'Field labels say "Correo electrónico"; sentences say "correo" ("Avisaremos a tu correo", "Te enviamos un correo").',
    specLabels:
      'The login, registration and forgot-password forms keep the spec\'s "Correo Electrónico"; the required-field message keeps the spec\'s "El email es obligatorio".',
    avoid: ['email', 'Email', 'e-mail', 'E-mail', 'mail', 'Correo electronico'],
    specTexts: ['El email es obligatorio'],
  },
  birthDate: {
    meaning: "A client's date of birth.",
    use: 'Fecha de nacimiento',
    specLabels: 'The registration\'s required-field message keeps the spec\'s "El cumpleaños es obligatorio".',
    avoid: ['cumpleaños', 'Cumpleaños', 'cumpleanos', 'Fecha Nacimiento', 'Fecha de Nacimiento'],
    specTexts: ['El cumpleaños es obligatorio'],
  },
  client: {
    meaning: 'The person who books classes and buys plans.',
    use: 'cliente',
    specLabels:
      'The admin\'s "Usuarios" screen manages accounts (clients and admins), so it says "usuario" ("Agregar usuario", the spec\'s "Usuario Activo"), and so do the rosters\' spec labels ("Usuarios", "No hay usuarios inscritos").',
    avoid: ['al usuario', 'El usuario tiene su lugar'],
  },
  resetMailSent: {
    meaning: 'The answer to "¿Olvidaste tu contraseña?", in Mexican Spanish.',
    use: 'Te enviamos un correo',
    avoid: ['Se ha enviado', 'buzón'],
  },
  commission: {
    meaning: "Mercado Pago's fee added to a plan's price.",
    use: '"más $31.84 de comisión", always with its amount, and only when the studio charges one (never a fee of $0)',
    specLabels:
      'The plans page keeps the spec\'s "plus Comisión" under each price, with its amount: "plus Comisión de $31.84".',
    avoid: ['mas comision', 'más comision', '+ comisión'],
  },
  deactivate: {
    meaning: 'Turning an account off (reversible; nothing is deleted).',
    use: 'Desactivar / Reactivar',
    specLabels: 'The server\'s toast keeps the spec\'s "Usuario eliminado con éxito".',
    avoid: ['Eliminar usuario', 'Borrar usuario'],
  },
  places: {
    meaning: 'The free places of a class, as a client reads them.',
    use: '"N lugares disponibles" ("1 lugar disponible"); the admin\'s rosters count taken places ("3/8 lugares").',
    avoid: ['cupos disponibles', 'espacios disponibles'],
  },
  payment: {
    meaning: "A Mercado Pago payment's state.",
    use: 'Pago pendiente, Pago en revisión, Pago rechazado, Pago vencido, Pago aprobado',
    avoid: ['Compra pendiente', 'compra rechazada'],
  },
} as const satisfies Record<string, GlossaryEntry>;
