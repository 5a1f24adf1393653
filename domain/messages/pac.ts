/**
 * The texts of the PAC (the authorised certification provider that stamps a CFDI): why a stamp,
 * a cancellation or a status query did not go through when the PAC gave no words of its own. A
 * refusal the PAC or the SAT wrote (e.g. 'CFDI40102 …') is shown as it came, not rewritten.
 */
export const pacMessages = {
  unreachable: (provider: string, detail: string) => `No se pudo conectar con el PAC (${provider}): ${detail}. Se reintentará.`,
  timeout: (provider: string, seconds: number) => `El PAC (${provider}) no respondió en ${seconds} s. Se reintentará.`,
  unavailable: (provider: string, status: number) => `El PAC (${provider}) no está disponible (HTTP ${status}). Se reintentará.`,
  refused: (provider: string, status: number) => `El PAC (${provider}) rechazó la solicitud (HTTP ${status}) sin decir por qué.`,
  unreadable: (provider: string) => `El PAC (${provider}) respondió algo que no se pudo leer. Se reintentará.`,
  authentication: (provider: string, detail: string) =>
    `El PAC (${provider}) no aceptó el usuario y la contraseña (o el token) de la cuenta: ${detail}. Revísalos en Facturación.`,
  noAccount: (provider: string) => `Falta la cuenta del PAC (${provider}): escribe su usuario y contraseña, o su token, en Facturación.`,
  substituteRequired: 'La cancelación con motivo 01 necesita el folio fiscal (UUID) del CFDI que sustituye al cancelado.',
  cancelUnknown: (code: string) => `El SAT respondió a la cancelación con el código ${code}.`,
  statusUnknown: (detail: string) => `El SAT respondió a la consulta de estado algo inesperado: ${detail}.`,
};
