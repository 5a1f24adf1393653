/**
 * The texts of settings. Every user-visible Spanish text lives in domain/messages/, one file
 * per area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const settingsMessages = {
  title: 'Ajustes',
  profile: 'Perfil',
  name: 'Nombre',
  email: 'Correo',
  jobPosition: 'Puesto',
  branch: 'Sucursal',
  permissions: 'Permisos',
  app: 'Aplicación',
  version: 'Versión',
  deployment: 'Empresa',
  changePassword: 'Cambiar contraseña',
  currentPassword: 'Contraseña actual',
  newPassword: 'Contraseña nueva',
  confirmPassword: 'Repite la contraseña nueva',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  wrongPassword: 'La contraseña actual no es correcta.',
  samePassword: 'La contraseña nueva debe ser distinta de la actual.',
  passwordChanged: 'Contraseña cambiada. Las sesiones abiertas en otros dispositivos se cerraron.',
  save: 'Cambiar contraseña',
  saving: 'Cambiando…',
} as const;
