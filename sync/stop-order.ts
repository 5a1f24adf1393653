/**
 * The order the driver visits a route's stops (issue 47): the office's order (`stop_order`,
 * set by hand or by 'Optimizar'), then the stops it has not placed — added later, or pulled
 * before the route was ordered — in the order they were added (id). The server's map uses the
 * same rule, so the phone and the office show one order. Pure: the list sorts with it as is.
 */
export function stopsInOrder<T extends { id: number; stop_order?: number | null }>(details: readonly T[]): T[] {
  return [...details].sort((a, b) => {
    const first = a.stop_order ?? null;
    const second = b.stop_order ?? null;
    if (first !== second) {
      if (first === null) return 1;
      if (second === null) return -1;
      return first - second;
    }
    return a.id - b.id;
  });
}
