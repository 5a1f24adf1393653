/**
 * The texts of orders. Every user-visible Spanish text lives in domain/messages/, one file per
 * area, loaded with the screens that show it. Texts quoted by the product spec are used
 * verbatim, including its spelling ('E-mail inavlido.').
 */
export const ordersMessages = {
  notFound: 'El pedido no existe o ya no está por surtir.',
  alreadyInProduction: 'El pedido ya está en producción.',
  alreadyDispatched: 'El pedido ya fue surtido.',
  itemNotInOrder: 'Un producto no pertenece al pedido.',
} as const;
