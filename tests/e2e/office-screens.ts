import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer, tokenOf } from './support';

/**
 * What the office screens' tests share: reading the server's answer as a demo person (what the
 * screen must show), opening a screen from the side menu, and the parts of a server-paged list
 * a person reads (its range under the rows, its rows by their first cell).
 */

/** GET as `email`: the JSON the API answers (200 expected). */
export async function apiAs(request: APIRequestContext, email: string): Promise<<T>(path: string) => Promise<T>> {
  const headers = bearer(await tokenOf(request, email));
  return async <T>(path: string): Promise<T> => {
    const answer = await request.get(path, { headers });
    expect(answer.status(), `GET ${path}`).toBe(200);
    return (await answer.json()) as T;
  };
}

/**
 * Follows the side menu's entry `title` (a desktop, where the menu is a column) to `path`, and
 * waits for the screen's title in the top bar (a screen left behind keeps its bar, hidden).
 */
export async function openFromMenu(page: Page, title: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Menú' }).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('banner').getByText(title, { exact: true }).filter({ visible: true })).toBeVisible();
}

/** The range under a paged list: '1–15 de 42'. */
export const listRange = (page: Page, from: number, to: number, total: number): Locator =>
  page.getByRole('main').getByText(`${from}–${to} de ${total}`, { exact: true });

/** The range of the first page of `total` rows, 15 a page. */
export const firstPageRange = (page: Page, total: number): Locator => listRange(page, total === 0 ? 0 : 1, Math.min(15, total), total);

/** The row whose first cell (its row header) is `header`. */
export const rowOf = (page: Page, header: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) });

/** A query string of `filter[...]` and paging parameters. */
export const query = (params: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();

/**
 * Waits for the dialog `name`, and answers where its controls are found: the page. Ionic's
 * modal slots its content into the dialog from outside the dialog's shadow root, so to a
 * locator the content is not inside the dialog element; look it up by role and name, which
 * are unique on the page while the dialog is open.
 */
export async function openedDialog(page: Page, name: string): Promise<Page> {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  return page;
}
