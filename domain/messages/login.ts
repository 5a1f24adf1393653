/**
 * The texts of login. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const loginMessages = {
  title: 'Iniciar sesión',
  email: 'Correo Electrónico',
  password: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  submit: 'Acceder',
  submitting: 'Accediendo…',
  required: 'Contraseña requerida.',
  invalidEmail: 'E-mail inavlido.',
  failed: 'Usuario y/o contraseña incorrecta(s)',
  tooManyAttempts: (seconds: number) =>
    `Demasiados intentos fallidos. Intenta de nuevo en ${seconds < 60 ? `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}` : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minuto' : 'minutos'}`}.`,
  deactivated: 'Tu cuenta está desactivada. Pide a quien administra los usuarios que la reactive.',
  offline: 'Sin conexión con el servidor. Revisa tu red e intenta de nuevo.',
} as const;
