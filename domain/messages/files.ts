/**
 * The texts of files. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const filesMessages = {
  required: 'Adjunta un archivo.',
  tooLarge: 'El archivo supera el límite de 100 MB.',
  onlyOne: 'Adjunta un solo archivo.',
  unsupportedType: 'Tipo de archivo no permitido: usa PDF, JPEG, PNG, WebP o HEIC.',
  /** Uploading needs editing deliveries, or driving a route. */
  mayNotStore: 'Solo quien edita entregas o el chofer de una ruta puede subir evidencias.',
  /** The per-person quota of uploads no delivery names yet. */
  quotaReached: 'Tienes 300 MB de evidencias sin asignar a una entrega: sincroniza tus entregas antes de subir más.',
  /** Resumable uploads (tus 1.0.0). */
  uploadVersion: 'Versión del protocolo de carga no admitida: usa Tus-Resumable 1.0.0.',
  uploadLength: 'Indica el tamaño del archivo (Upload-Length): de 1 byte a 100 MB.',
  uploadMetadata: 'Los datos del archivo (Upload-Metadata) no son válidos.',
  uploadOffset: 'Indica desde qué byte continúa la carga (Upload-Offset).',
  uploadOffsetMismatch: 'La carga cambió; se reanudará desde el último punto guardado.',
  uploadContentType: 'Envía la parte del archivo como application/offset+octet-stream.',
  uploadChunkTooLarge: 'La parte enviada excede el tamaño declarado del archivo.',
  uploadInterrupted: 'La carga se interrumpió; se reanudará desde el último punto guardado.',
} as const;
