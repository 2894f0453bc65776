/** A page of a list: the items, and the cursor of the next page (null on the last). */
export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * Every item of a cursor-paged list, fetching a page only when the one before is used up.
 *
 * ```ts
 * for await (const booking of eachItem((cursor) => unwrap(api.GET('/flight_bookings', { params: { query: { cursor } } }))))
 * ```
 */
export async function* eachItem<T>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}

/** Every page of a cursor-paged list, in order. */
export async function* eachPage<T, P extends CursorPage<T>>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
): AsyncGenerator<P, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield page;
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}
