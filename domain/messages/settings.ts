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
} as const;
