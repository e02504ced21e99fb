// The dispensation register in Debian's Chromium against the real binary: a sale and its partial
// refund at the counter's API, then the Administrador opens the register from the reports menu,
// keeps it to the member, sees the sale and the refund's negative row in red, the birth year and
// the product's THC, the totals per member and month, and downloads the CSV and the PDF. Spanish
// wide, English narrow.
import { expect, test } from './fixtures';
import { call, chooseClub, download, featureText, login, openFromMenu, setLanguage, shot, signature, type Lang } from './helpers';

const CLUB = 1;
const rt = (lang: Lang, key: string) => featureText('reports', lang, `reports.register.${key}`);

test('the register shows a sale and its refund, negative and in red, and downloads as CSV and PDF', async ({ page }) => {
  await login(page, 'admin');
  await chooseClub(page, CLUB);
  const stamp = Date.now() % 100000;
  const category = (await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`))[0].nid;
  const product = (
    await call(page, 'POST', '/api/dispensario', {
      asocid: CLUB, title: `Registro Haze ${stamp}`, dominance: 'sativa', category, price: 7, type: 'peso', status: true,
      thc_percent: 18.5, cbd_percent: 0.4, unlimited_stock: true,
    })
  ).pid as number;
  const birthday = Math.floor(Date.UTC(1991, 2, 15, 11) / 1000);
  const surname = `Registro ${stamp}`;
  const member = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Lucía', surname, dni: `7${String(stamp).padStart(7, '0')}C`, birthday, consum_forecast: 100,
  });
  const order = await call(page, 'POST', '/api/order', { asocid: CLUB, membership_id: member.nid, products: [{ pid: product, quantity: 3 }] });
  const oid = order.order.oid as number;
  await call(page, 'POST', '/api/order/pay', { asocid: CLUB, oid, membership_id: member.nid, type: 'tpv', signature: await signature(page) });
  await call(page, 'POST', '/api/order_refund', { asocid: CLUB, oid, pay: 'tpv', products: [{ pid: product, quantity: 1 }] });

  await openFromMenu(page, 'reports', 'dispensationregister');
  await expect(page.getByRole('heading', { name: rt('es', 'title') })).toBeVisible();
  // keep it to the member, found by name as at the counter
  await page.getByRole('combobox', { name: rt('es', 'member') }).fill('Lucía Registro');
  await page.locator('.ant-select-item-option', { hasText: surname }).click();
  const table = page.getByTestId('register-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Registro Haze ${stamp}`);
  await expect(rows.nth(0)).toContainText('1991');
  await expect(rows.nth(0)).toContainText('18,50');
  await expect(rows.nth(0)).toContainText('3 g');
  await expect(rows.nth(0)).not.toContainText('15/03/1991');
  // the refund: its own row, marked, negative and in the negative figure colour
  await expect(rows.nth(1).getByTestId('register-refund')).toHaveText(rt('es', 'refund'));
  const back = rows.nth(1).locator('[data-testid^="register-grams-"]');
  await expect(back).toHaveText('-1 g');
  const red = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--socius-negative)';
    document.body.appendChild(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });
  await expect(back).toHaveCSS('color', red);
  // the totals: 2 g this month for the member
  await expect(page.getByTestId('card-grams-amount')).toHaveText('2 g');
  await expect(page.getByTestId('card-rows-amount')).toHaveText('2');
  const months = page.getByTestId('register-months');
  await expect(months.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(months).toContainText(`Lucía ${surname}`);
  await expect(page.getByTestId('register-months-total')).toHaveText('2 g');
  await shot(page, 'register-es-wide');

  // the files of the same filter
  const csv = await download(page, 'export-csv');
  expect(csv.name).toBe('dispensations.csv');
  const lines = csv.body.toString('utf8').replace(/^\ufeff/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Fecha;Pedido;Nº socio;Apellidos;Nombre;Año de nacimiento;Producto;Gramos;THC (%);CBD (%);Atendido por');
  expect(lines).toHaveLength(3);
  expect(lines[2]).toContain(';-1;');
  const pdf = await download(page, 'export-pdf');
  expect(pdf.name).toBe('dispensations.pdf');
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

  // English, narrow
  await setLanguage(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: rt('en', 'title') })).toBeVisible();
  await expect(rows.nth(1).getByTestId('register-refund')).toHaveText(rt('en', 'refund'));
  await expect(page.getByTestId('register-months-total')).toBeInViewport();
  await shot(page, 'register-en-narrow');
});
