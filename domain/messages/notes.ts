/**
 * The texts of notes. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const notesMessages = {
  title: 'Notas',
  empty: 'No tienes notas.',
  unseen: 'Sin ver',
  markSeen: 'Marcar como vista',
  markedSeen: 'Nota marcada como vista.',
  open: 'Ver nota',
  close: 'Cerrar',
  from: 'De',
} as const;
