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
  tooManyAttempts: 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.',
  deactivated: 'Tu cuenta está desactivada. Pide a quien administra los usuarios que la reactive.',
  offline: 'Sin conexión con el servidor. Revisa tu red e intenta de nuevo.',
} as const;
