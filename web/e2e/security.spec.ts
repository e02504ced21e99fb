import { expect, test, type Page } from './fixtures';
import { chooseClub, featureText, login, shot } from './helpers';
import { MailBox } from './mail';

// Account links as a person lives them: a club types the e-mail of someone who already has a
// Socius account; nothing of the account reaches the club until that person accepts the request
// mailed to them (the recording SMTP server of e2e/mail.ts stands in for their mailbox).
const SECOND_CLUB = 2; // "Asociación Verde Norte": the admin works there too
const PERSON = 'social@demo.socius.local'; // Nuria, staff of the demo club only

test.describe.configure({ mode: 'serial' });

let mailbox: MailBox;
test.beforeAll(async () => {
  mailbox = await MailBox.open();
});
test.afterAll(async () => {
  await mailbox.close();
});

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

async function member(page: Page, dni: string) {
  const res = await page.request.get(`/api/ficha_socio?association=${SECOND_CLUB}&dni=${dni}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data[0];
}

test('a club asks to link an existing account; the person accepts from their mailbox', async ({ page, browser }) => {
  await login(page, 'admin');
  await chooseClub(page, SECOND_CLUB);
  await page.goto('/app/patientcreate');
  await page.getByTestId('f-nombre').fill('Nuria');
  await page.getByTestId('f-surname').fill('Vila Serra');
  await page.getByTestId('f-dni').fill('78901234X');
  await page.getByTestId('f-email').fill(PERSON);
  await page.getByTestId('step-next').click();
  await page.getByTestId('f-online').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-finish').click();
  await expect(page).toHaveURL(/patientmanager/);
  await expect(toast(page, featureText('members', 'es', 'members.staff.linkPending'))).toBeVisible();

  // The club holds a pending request, not the account.
  const pending = await member(page, '78901234X');
  expect(pending).toMatchObject({ account_link_pending: true, online_account: true });
  expect(pending.user).toBeUndefined();
  await expect(page.getByTestId('member-detail-body')).toContainText(featureText('members', 'es', 'members.detail.linkPending'));
  await shot(page, 'security-link-pending-es');

  // The request went to the e-mail on the account, with a link only that mailbox has.
  const mail = await mailbox.waitFor(PERSON);
  const link = /\/app\/account-link\?token=[\w-]+/.exec(mail.data)?.[0];
  expect(link).toBeTruthy();

  // The person opens it logged out, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
  const person = await phone.newPage();
  await person.goto(link!);
  await expect(person.getByTestId('link-question')).toContainText('Asociación Verde Norte');
  await expect(person.getByTestId('link-question')).toContainText('social');
  await shot(person, 'security-link-question-es-narrow');
  await person.getByTestId('link-accept').click();
  await expect(person.getByTestId('link-done')).toContainText(featureText('auth', 'es', 'accountLink.accepted', { club: 'Asociación Verde Norte' }));
  await shot(person, 'security-link-accepted-es-narrow');
  // The link works once.
  await person.reload();
  await expect(person.getByTestId('link-invalid')).toBeVisible();
  await phone.close();

  // Now the record holds the account, which is still its owner's: no invitation with a password link.
  const linked = await member(page, '78901234X');
  expect(linked.account_link_pending).toBe(false);
  expect(linked.user?.uid).toBeGreaterThan(0);
});

test('a link request declined, in English on a wide screen', async ({ page, browser }) => {
  await login(page, 'admin');
  await chooseClub(page, SECOND_CLUB);
  await page.goto('/app/patientcreate');
  await page.getByTestId('f-nombre').fill('Marc');
  await page.getByTestId('f-surname').fill('Soler Vidal');
  await page.getByTestId('f-dni').fill('23456789D');
  await page.getByTestId('f-email').fill('manager@demo.socius.local');
  await page.getByTestId('step-next').click();
  await page.getByTestId('f-online').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-finish').click();
  await expect(page).toHaveURL(/patientmanager/);
  const mail = await mailbox.waitFor('manager@demo.socius.local');
  const link = /\/app\/account-link\?token=[\w-]+/.exec(mail.data)![0];

  const ctx = await browser.newContext({ locale: 'en-GB' });
  const person = await ctx.newPage();
  await person.goto('/app/');
  await person.evaluate(() => localStorage.setItem('socius.lang', 'en'));
  await person.goto(link);
  await expect(person.getByTestId('link-accept')).toHaveText(featureText('auth', 'en', 'accountLink.accept'));
  await shot(person, 'security-link-question-en-wide');
  await person.getByTestId('link-decline').click();
  await expect(person.getByTestId('link-done')).toContainText(featureText('auth', 'en', 'accountLink.declined', { club: 'Asociación Verde Norte' }));
  await ctx.close();

  const declined = await member(page, '23456789D');
  expect(declined).toMatchObject({ account_link_pending: false, online_account: false });
  expect(declined.user).toBeUndefined();
});
