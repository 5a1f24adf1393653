import { expect, test, type APIRequestContext } from '@playwright/test';
import { mapsSearchUrl } from '../../domain/format';
import { homeSchema } from '../../domain/schemas/home';
import { bearer, seriousViolations, signIn, tokenOf } from './support';

// Quotations and sales of a day of their own, far from the demo's and other tests' days.
const SALE_DAY = '2027-03-16';
const STOPS = 8;

interface Contact {
  id: number;
  name: string;
  last: string;
  phone: string | null;
}

/**
 * Today's route of 8 stops for chofer2 (José Martínez): sales of one customer whose contact
 * has a phone, made from quotations so that each names that contact. Returns the route's id,
 * the contact, and the customer's delivery address.
 */
async function routeOfEightStops(request: APIRequestContext) {
  const office = bearer(await tokenOf(request, 'oficina@demo.mx'));
  const sales = bearer(await tokenOf(request, 'ventas@demo.mx'));
  const today = homeSchema.parse(await (await request.get('/api/v2/home', { headers: office })).json()).data.date;
  const companies = (await (await request.get('/api/v1/company/all', { headers: sales })).json()) as { data: { id: number }[] };
  let customer: { id: number; name: string; delivery_address: string | null; contacts: Contact[] } | undefined;
  for (const { id } of companies.data) {
    const company = (
      (await (await request.get(`/api/v2/companies/${id}`, { headers: office })).json()) as { data: NonNullable<typeof customer> }
    ).data;
    if (company.delivery_address && company.contacts.some((contact) => contact.phone)) {
      customer = company;
      break;
    }
  }
  const contact = customer!.contacts.find((candidate) => candidate.phone)!;
  const items = (await (await request.get('/api/v1/item/all', { headers: sales })).json()) as {
    data: { id: number; is_published: boolean }[];
  };
  const published = items.data.filter((item) => item.is_published);

  const people = (await (await request.get('/api/v1/user/all', { headers: office })).json()) as {
    data: { id: number; name: string; last: string }[];
  };
  const route = await request.post('/api/v1/shipping/create', {
    headers: office,
    data: {
      date: today,
      driver_id: people.data.find((person) => `${person.name} ${person.last}` === 'José Martínez')!.id,
      note: 'Ruta de ocho paradas',
    },
  });
  expect(route.status()).toBe(201);
  const routeId = ((await route.json()) as { id: number }).id;

  for (let stop = 0; stop < STOPS; stop++) {
    const quotation = await request.post('/api/v2/quotations', {
      headers: sales,
      data: {
        company_id: customer!.id,
        company_branch_id: null,
        contact_id: contact.id,
        date: SALE_DAY,
        due_date: SALE_DAY,
        type: 'Serie A',
        // The first stop's sale carries a note for the driver.
        note: stop === 0 ? 'Fruta madura para hoy' : null,
        internal_note: null,
        purchase_order: null,
        // The first stop carries twelve products: folded, they must not push its buttons down.
        items: published.slice(0, stop === 0 ? 12 : 2).map((item) => ({ item_id: item.id, quantity: 1 })),
      },
    });
    expect(quotation.status()).toBe(201);
    const quotationId = ((await quotation.json()) as { data: { id: number } }).data.id;
    const sale = await request.post(`/api/v2/quotations/${quotationId}/sale`, { headers: sales });
    expect(sale.status()).toBe(201);
    const saleId = ((await sale.json()) as { data: { id: number } }).data.id;
    const detail = await request.post('/api/v1/shipping_detail/create', {
      headers: office,
      data: { shipping_id: routeId, sale_id: saleId },
    });
    expect(detail.status()).toBe(201);
  }
  return { routeId, contact, address: customer!.delivery_address!, customerName: customer!.name };
}

test.describe('a driver’s route on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('opens on the next stop with its buttons in view, calls and navigates from it, and folds its products', async ({
    page,
    request,
  }) => {
    const { routeId, contact, address, customerName } = await routeOfEightStops(request);
    await signIn(page, 'chofer2@demo.mx');
    await page.getByText(`E-${routeId}`, { exact: true }).filter({ visible: true }).click();
    const dialog = page.locator('ion-modal[aria-label="Entregas"]');
    await expect(page.getByRole('dialog', { name: 'Entregas' })).toBeVisible();

    const stops = dialog.getByRole('list', { name: 'Ventas de la ruta' }).getByRole('article');
    await expect(stops).toHaveCount(STOPS);
    const next = stops.first();
    await expect(next.getByText('Siguiente', { exact: true })).toBeVisible();
    // The customer's whole name, never cut, and the sale's note for the driver.
    const title = next.getByRole('heading', { level: 3 });
    await expect(title).toContainText(customerName);
    expect(await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
    await expect(next.getByText('Nota de la venta: Fruta madura para hoy')).toBeVisible();
    // The next stop's Entregar and Rechazar are on the first screen, without scrolling.
    await expect(next.getByRole('button', { name: 'Entregar' })).toBeInViewport();
    await expect(next.getByRole('button', { name: 'Rechazar' })).toBeInViewport();

    await expect(next.getByRole('link', { name: /^Llamar/ })).toHaveAttribute('href', `tel:${contact.phone!.replace(/[^\d+]/g, '')}`);
    await expect(next.getByRole('link', { name: /^Navegar/ })).toHaveAttribute('href', mapsSearchUrl(address));

    // Twelve products behind their count, opened and closed from the keyboard.
    const products = next.getByText('12 productos', { exact: true });
    const firstProduct = next.getByRole('listitem').first();
    await expect(firstProduct).toBeHidden();
    await products.focus();
    await page.keyboard.press('Enter');
    await expect(firstProduct).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(firstProduct).toBeHidden();

    expect(await seriousViolations(page)).toEqual([]);

    // Rejecting the next stop folds it to one line at the end; the following stop becomes the next.
    await next.getByRole('button', { name: 'Rechazar' }).click();
    await next.getByRole('textbox', { name: 'Motivo del rechazo' }).fill('Cliente cerrado');
    await next.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Envío Rechazado')).toBeVisible();
    await expect(stops.first().getByText('Siguiente', { exact: true })).toBeVisible();
    await expect(stops.first().getByRole('button', { name: 'Entregar' })).toBeInViewport();
    const finished = stops.last();
    await expect(finished.getByText('No Entregado', { exact: true })).toBeVisible();
    await expect(finished.getByText(/^\d{2}:\d{2}$/)).toBeVisible();
    await expect(finished.getByRole('button')).toHaveCount(0);
  });

  test('keeps the Hoy chip apart from the date on Mis rutas', async ({ page }) => {
    await signIn(page, 'chofer@demo.mx');
    const chip = page.getByText('Hoy', { exact: true }).first();
    await expect(chip).toBeVisible();
    const gap = await chip.evaluate((element) => {
      const next = element.nextSibling;
      const range = document.createRange();
      range.selectNodeContents(next!);
      return range.getBoundingClientRect().left - element.getBoundingClientRect().right;
    });
    expect(gap).toBeGreaterThanOrEqual(6);
  });
});
