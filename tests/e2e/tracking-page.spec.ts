import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { etaWindow } from '../../domain/rules/eta-window';
import { monterreyDate, monterreyMinute } from '../../domain/time';
import { smtpPort } from '../../playwright.config';
import { startMailServer, type MailServer } from '../server/mail-server';
import { bearer, tokenOf } from './support';

/**
 * The customer's side of delivery tracking (issue 47), end to end: the office puts two customers
 * with an e-mail on a route of today, the driver's phone starts it and reports a position near
 * the first stop, the first customer's e-mail (theirs is next) carries a link, and that link opens
 * — in a browser with no session — a page with the business, the state and the arrival window,
 * and nothing else: not the customer, not the driver, not the other stop, no coordinates, no script.
 */

test.use({ viewport: { width: 390, height: 800 } });

// The mail server the end-to-end web server sends through, started by the test that needs it.
let mail: MailServer;
test.beforeAll(async () => {
  mail = await startMailServer(smtpPort);
});
test.afterAll(async () => {
  await mail.close();
});

interface Customer {
  company: string;
  email: string;
  latitude: number;
  longitude: number;
}

/** The stops' places, some 3 km apart around Monterrey's centre; their digits must never reach the page. */
const PLACES = [
  { latitude: 25.6712, longitude: -100.3095 },
  { latitude: 25.6954, longitude: -100.2872 },
];

/** A caller of the API as a demo person; every write carries its own Idempotency-Key, as the app's do. */
async function apiAs(request: APIRequestContext, email: string) {
  const headers = bearer(await tokenOf(request, email));
  const write = async (method: 'post' | 'put', url: string, data: object) => {
    const response = await request[method](url, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data });
    expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<unknown>;
  };
  return {
    get: async <T>(url: string) => {
      const response = await request.get(url, { headers });
      expect(response.ok(), `GET ${url}: ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    },
    post: <T>(url: string, data: object) => write('post', url, data) as Promise<T>,
    put: <T>(url: string, data: object) => write('put', url, data) as Promise<T>,
  };
}

/** 'HH:MM' as minutes since midnight. */
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const recipients = (email: ParsedMail) => (Array.isArray(email.to) ? email.to : email.to ? [email.to] : []).flatMap((to) => to.value);
const mailTo = (address: string) => mail.received.find((email) => recipients(email).some((to) => to.address === address));

test("a customer opens the link of their e-mail without a session and sees the business, their order's state and arrival window, and nothing private", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const office = await apiAs(request, 'oficina@demo.mx');
  const seller = await apiAs(request, 'ventas@demo.mx');
  const driver = await apiAs(request, 'chofer2@demo.mx');
  const admin = await apiAs(request, 'admin@demo.mx');
  const { brand } = await admin.get<{ brand: string }>('/api/v2/business');
  const me = await driver.get<{ id: number; name: string; last: string; email: string }>('/api/v1/user/current');

  // Two new customers, each with a branch at a known place and a contact with only an e-mail.
  const stamp = `${Date.now()}`;
  const customers: Customer[] = PLACES.map((place, index) => ({
    company: `${index === 0 ? 'Abarrotes Seguimiento' : 'Fonda Otra Parada'} ${stamp.slice(-5)}`,
    email: `seguimiento-${stamp}-${index + 1}@cliente-prueba.mx`,
    ...place,
  }));
  const items = await seller.get<{ data: { id: number }[] }>('/api/v2/item/pos?filter[is_published]=1&itemsPerPage=5');
  const today = monterreyDate(new Date());
  const route = await office.post<{ id: number }>('/api/v1/shipping/create', { date: today, driver_id: me.id });
  for (const customer of customers) {
    const { data: company } = await office.post<{ data: { id: number; branches: { id: number }[] } }>('/api/v2/companies', {
      name: customer.company,
      razon_social: `${customer.company} SA de CV`,
      credit_days: 0,
      branches: [{ name: 'Matriz', address: 'Av. Constitución 400, Centro, Monterrey, N.L.', latitude: customer.latitude, longitude: customer.longitude }],
      contacts: [{ name: 'Rosa', last: 'Elizondo', phone: null, email: customer.email }],
    });
    const sale = await seller.post<{ id: number }>('/api/v2/sales', {
      company_id: company.id,
      company_branch_id: company.branches[0]!.id,
      date: today,
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      bar: false,
      items: [{ item_id: items.data[0]!.id, quantity: 2 }],
    });
    await office.post('/api/v1/shipping_detail/create', { sale_id: sale.id, shipping_id: route.id });
  }

  // The driver's phone starts the route as 'Iniciar' does (sync/commands.ts startRoute), then reports
  // where it is: about 450 m from the first stop.
  await driver.put('/api/v1/shipping/update', { id: route.id, initial_km: 12_000, km_capture_time_start: monterreyMinute(new Date()) });
  const near = { latitude: PLACES[0]!.latitude + 0.004, longitude: PLACES[0]!.longitude };
  const sent = await driver.post<{ recorded: number }>(`/api/v2/shippings/${route.id}/positions`, {
    positions: [{ recorded_at: new Date().toISOString(), ...near, accuracy: 12, speed: 8, heading: 0 }],
  });
  expect(sent.recorded).toBe(1);

  // Each customer is told by e-mail — the first in order that theirs is next, the other that it is
  // on its way; the first one's carries their own link, on the public address.
  const [first, second] = customers as [Customer, Customer];
  await expect.poll(() => mailTo(first.email) !== undefined && mailTo(second.email) !== undefined, { timeout: 30_000 }).toBe(true);
  const told = mailTo(first.email)!;
  expect(told.text).toContain('Su pedido es el siguiente.');
  expect(mailTo(second.email)!.text).toContain('Su pedido va en camino.');
  const link = told.text?.match(/https?:\/\/\S+\/seguimiento\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, told.text).toBeDefined();
  expect(link!.startsWith(`${baseURL}/seguimiento/`)).toBe(true);
  // The e-mail speaks for the business: neither signed by nor answered to the driver whose start sent it.
  expect(`${told.text ?? ''} ${told.html || ''}`).not.toContain(me.last);
  expect(told.replyTo?.text ?? '').not.toContain(me.email);
  // The other customer got a link of their own.
  expect(mailTo(second.email)!.text).not.toContain(link!);

  // The customer's phone: a fresh browser, no session, no app installed.
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
  const customerPage = await context.newPage();
  const opened = await customerPage.goto(link!);
  expect(opened?.status()).toBe(200);
  await expect(customerPage.getByRole('banner')).toHaveText(brand);
  await expect(customerPage.getByRole('heading', { name: 'Seguimiento de su pedido' })).toBeVisible();
  // The truck is on its way to this stop first.
  await expect(customerPage.getByText('Su pedido es el siguiente', { exact: true })).toBeVisible();
  await expect(customerPage.getByText('El repartidor está a menos de 1 km', { exact: true })).toBeVisible();
  // The arrival as a window of Monterrey times around the ETA the tracking answer gives (read a moment
  // later: the estimate leaves from 'now', so the window may have moved by a 5-minute mark since).
  const arrival = customerPage.getByText(/^Llegada aproximada: /);
  await expect(arrival).toHaveText(/^Llegada aproximada: \d{2}:\d{2}–\d{2}:\d{2}$/);
  const [from, to] = (await arrival.innerText()).match(/\d{2}:\d{2}/g)!.map(minutesOf) as [number, number];
  const tracking = (await (await request.get(`/api/v2/tracking/${link!.split('/').pop()}`)).json()) as { eta: string; eta_approximate: boolean };
  expect(tracking.eta_approximate).toBe(true);
  const eta = minutesOf(monterreyMinute(new Date(tracking.eta)).slice(11, 16));
  const window = etaWindow(Date.parse(tracking.eta), tracking.eta_approximate);
  // Minutes after the window's start, so a window across midnight compares too.
  const after = (minutes: number) => (minutes - from + 1440) % 1440;
  expect(after(eta)).toBeGreaterThan(0);
  expect(after(eta)).toBeLessThan(after(to));
  // As wide as the straight-line estimate's window (15 minutes either side, on 5-minute marks).
  expect(after(to)).toBe((minutesOf(window.to) - minutesOf(window.from) + 1440) % 1440);

  // Nothing else: not the customer, not the driver, not the other stop, no coordinates, no script.
  const shown = await customerPage.locator('body').innerText();
  const html = await customerPage.content();
  for (const privateWord of [me.name, me.last, first.company, second.company]) {
    expect(shown).not.toContain(privateWord);
    expect(html).not.toContain(privateWord);
  }
  expect(shown).not.toMatch(/\d+\.\d+/);
  for (const place of [...PLACES, near]) {
    expect(html).not.toContain(place.latitude.toFixed(2));
    expect(html).not.toContain(place.longitude.toFixed(2));
  }
  expect(html).not.toMatch(/\b\d{2,3}\.\d{2,}/);
  expect(html).not.toMatch(/<script/i);
  await expect(customerPage.locator('script')).toHaveCount(0);
  await context.close();
});

test('a link nobody was given answers 404 with a page saying it is no longer there', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const opened = await page.goto(`/seguimiento/${'Q'.repeat(43)}`);
  expect(opened?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seguimiento de pedido' })).toBeVisible();
  await expect(page.getByText('Este enlace ya no está disponible.', { exact: true })).toBeVisible();
  await context.close();
});
