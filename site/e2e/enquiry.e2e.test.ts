import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import { itemPriceText, DEFAULT_PRICE_FORMAT } from "#contract/price-format";
import type { Browser, Page } from "playwright-core";
import { ADMIN_PATHS } from "#contract/api-paths";
import { ENQUIRY_FIELD_ERRORS, prefilledMessage, type EnquiriesPage } from "#contract/enquiries";
import { DEMO_ENQUIRY_EMAIL } from "../../scripts/launcher/stack.ts";
import { openAdmin, signedInContext, waitForToast } from "./support/admin-helpers";
import { BASE_URL, VIEWPORTS, launch, screenshot, keptPage } from "./support/browser";
import { POLL } from "./support/catalogue-helpers";
import { sentEmail } from "./support/email";
import { seriousAxeViolations } from "./support/site-helpers";
import { adminClient } from "./support/stack";

type ApiItem = { id: string; category: string; title: string; price: number | null };

let browser: Browser;
let item: ApiItem;
let itemPath: string;
let message: string;
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await launch();
  const listing = (await (await fetch(`${BASE_URL}/api/collection/slots/for-sale?page=1&limit=2`)).json()) as { items: ApiItem[] };
  item = listing.items[0]!;
  itemPath = itemPagePath("for-sale", item);
  message = prefilledMessage(item.title, itemPriceText(item.price, DEFAULT_PRICE_FORMAT));
});
afterAll(async () => {
  await browser?.close();
});

/** Fills the form's visible fields (the message keeps its prefilled text unless given). */
async function fill(page: Page, fields: { name: string; email: string; phone?: string; message?: string }) {
  await page.getByLabel("Your name").fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Phone (optional)").fill(fields.phone ?? "");
  if (fields.message !== undefined) await page.getByLabel("Message").fill(fields.message);
}

/** The ids an element's aria-describedby names, and the texts of those elements. */
const described = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`),
  );

describe("Contact About This Item at 1280 px: the form in a dialog", () => {
  it("opens focused on the name with the message prefilled, shows errors tied to their fields, closes with Escape, and sends", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto(itemPath);
    const button = page.getByTestId("contact-card").getByRole("link", { name: "Contact About This Item" });
    // Hydrated (client:idle): the link now opens the dialog.
    await expect.poll(() => button.getAttribute("aria-haspopup"), POLL).toBe("dialog");
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Contact About This Item" });
    await dialog.waitFor();
    expect(page.url()).toBe(`${BASE_URL}${itemPath}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await dialog.getByLabel("Message").inputValue()).toBe(message);
    expect(await dialog.textContent()).toContain(`Ask about ${item.title}; we reply by email.`);
    // The honeypot is off screen and out of the tab order.
    const honeypot = dialog.locator('input[name="website"]');
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect((await honeypot.boundingBox())?.x ?? 0).toBeLessThan(-5000);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await fill(page, { name: "", email: "ada@" });
    await dialog.getByRole("button", { name: "Send Enquiry" }).click();
    await dialog.getByTestId("email-error").waitFor();
    expect(await described(page, "Your name")).toEqual([ENQUIRY_FIELD_ERRORS.name]);
    expect(await described(page, "Email")).toEqual([ENQUIRY_FIELD_ERRORS.email]);
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "enquiry-dialog-errors-desktop");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    const email = `ada-${run}@example.com`;
    await fill(page, { name: "Ada Lovelace", email, phone: "+44 20 7946 0000", message: `${message}\nCould you ship it to London?` });
    await dialog.getByRole("button", { name: "Send Enquiry" }).click();
    const sent = dialog.getByTestId("enquiry-sent");
    await sent.waitFor();
    expect(await sent.textContent()).toContain(`Thank you for your enquiry. We will reply to ${email} as soon as we can.`);
    await screenshot(page, "enquiry-dialog-sent-desktop");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached" });

    // Stored, with the item's title, and emailed to the dealer: wrangler dev's Local Explorer holds the message.
    const { enquiries } = await (await adminClient()).call<EnquiriesPage>(`${ADMIN_PATHS.enquiries}?status=all`);
    expect(enquiries.find((e) => e.email === email)).toMatchObject({
      itemId: item.id,
      itemTitle: item.title,
      name: "Ada Lovelace",
      phone: "+44 20 7946 0000",
      handled: false,
      emailed: true,
    });
    const mail = await sentEmail(email);
    expect(mail.to).toEqual([DEMO_ENQUIRY_EMAIL.to]);
    expect(mail.replyTo).toBe(`"Ada Lovelace" <${email}>`);
    expect(mail.subject).toBe(`Enquiry about ${item.title} from Ada Lovelace`);
    expect(mail.text).toContain(`Item page: ${BASE_URL}${itemPath}`);
    expect(mail.text).toContain(`Price: ${itemPriceText(item.price, DEFAULT_PRICE_FORMAT)}`);
    expect(mail.text).toContain("Phone: +44 20 7946 0000");
    expect(mail.text).toContain(`${message}\nCould you ship it to London?`);
  });
});

describe("Contact About This Item at 375 px: the enquiry page", () => {
  it("goes to /enquiry filled from the address, accessible, and sends from there", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto(itemPath);
    await page.getByTestId("contact-card").getByRole("link", { name: "Contact About This Item" }).click();
    await page.waitForURL(`${BASE_URL}/enquiry?category=slots&id=${item.id}`);
    const about = page.getByTestId("enquiry-item-link");
    await about.waitFor();
    expect([await about.textContent(), await about.getAttribute("href")]).toEqual([item.title, itemPath]);
    expect(await page.getByLabel("Message").inputValue()).toBe(message);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "enquiry-page-mobile");
    await fill(page, { name: "Grace Hopper", email: `grace-${run}@example.com` });
    await page.getByRole("button", { name: "Send Enquiry" }).click();
    await page.getByTestId("enquiry-sent").waitFor();
    expect(await page.getByRole("link", { name: "Back to the item" }).getAttribute("href")).toBe(itemPath);

    await page.goto("/enquiry?category=slots");
    expect(await page.getByTestId("enquiry-no-item").textContent()).toContain(
      "This form asks about one item: open it from the item's page.",
    );
  });
});

describe("Contact About This Item without JavaScript", () => {
  it("opens the form on the item page and posts it as a plain form, answered by the thank-you page", async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(itemPath);
    const card = page.getByTestId("contact-card");
    expect(await card.locator("[data-enquiry-link]").isVisible()).toBe(false);
    // Playwright's text and role locators skip <noscript> content, so the form is reached by CSS.
    const disclosure = card.getByTestId("enquiry-noscript");
    const summary = disclosure.locator("summary");
    expect([await summary.isVisible(), await summary.textContent()]).toEqual([true, "Contact About This Item"]);
    expect(await disclosure.locator("form").isVisible()).toBe(false);
    await summary.click();
    expect(await disclosure.locator('textarea[name="message"]').inputValue()).toBe(message);
    expect((await disclosure.locator('input[name="website"]').boundingBox())?.x ?? 0).toBeLessThan(-5000);
    await screenshot(page, "enquiry-noscript-form-mobile");
    const email = `noscript-${run}@example.com`;
    await disclosure.locator('input[name="name"]').fill("Alan Turing");
    await disclosure.locator('input[name="email"]').fill(email);
    await disclosure.locator('button[type="submit"]').click();
    await page.waitForURL(`${BASE_URL}/enquiry/thanks`);
    expect(await page.getByTestId("enquiry-thanks").textContent()).toContain("Thank you for your enquiry");
    await screenshot(page, "enquiry-noscript-thanks-mobile");
    await context.close();
    const { enquiries } = await (await adminClient()).call<EnquiriesPage>(`${ADMIN_PATHS.enquiries}?status=all`);
    expect(enquiries.find((e) => e.email === email)).toMatchObject({ name: "Alan Turing", itemTitle: item.title, phone: null });
  });
});

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("the admin panel's Enquiries tab at %s", (viewport) => {
  it("shows the open count on the tab, lists enquiries newest first with their details, marks one handled and deletes it", async () => {
    const client = await adminClient();
    const name = `Tab check ${viewport} ${run}`;
    const sent = await fetch(`${BASE_URL}/api/enquiries`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        category: "slots",
        itemId: item.id,
        name,
        email: `tab-${viewport}-${run}@example.com`,
        phone: "555 0100",
        message: "Line one\nLine two",
        website: "",
      }),
    });
    expect(sent.status).toBe(201);
    const { openCount } = await client.call<EnquiriesPage>(ADMIN_PATHS.enquiries);
    const context = await signedInContext(browser, viewport);
    const page = await openAdmin(context);
    const tab = page.getByRole("tab", { name: /^Enquiries/ });
    await expect.poll(() => tab.textContent()).toBe(`Enquiries${openCount} open`);
    await tab.click();
    const first = page.getByTestId("enquiry-row").first();
    await expect.poll(() => first.getByTestId("enquiry-name").textContent()).toBe(name);
    expect(await first.getByTestId("enquiry-item").getAttribute("href")).toBe(itemPath);
    expect(await first.getByTestId("enquiry-item").textContent()).toBe(item.title);
    expect(await first.getByTestId("enquiry-email").getAttribute("href")).toBe(`mailto:tab-${viewport}-${run}@example.com`);
    expect(await first.getByTestId("enquiry-phone").textContent()).toBe("555 0100");
    expect(await first.getByTestId("enquiry-message").innerText()).toBe("Line one\nLine two");
    expect(await first.getByTestId("enquiry-emailed").textContent()).toBe("Emailed to you");
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `admin-enquiries-${viewport}`);
    await first.getByRole("button", { name: "Mark handled" }).click();
    await expect.poll(() => page.getByTestId("enquiry-name").first().textContent()).not.toBe(name);
    await expect.poll(() => tab.textContent()).toBe(openCount > 1 ? `Enquiries${openCount - 1} open` : "Enquiries");
    await page.getByTestId("enquiries-status").selectOption("handled");
    await expect.poll(() => page.getByTestId("enquiry-name").first().textContent()).toBe(name);

    // Ticked and deleted, after a confirmation.
    await page.getByRole("checkbox", { name: `Select the enquiry from ${name}` }).check();
    await page.getByTestId("enquiries-delete-selected").click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 1 enquiry?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await waitForToast(page, "Enquiries deleted");
    await expect.poll(() => page.getByRole("checkbox", { name: `Select the enquiry from ${name}` }).count()).toBe(0);
    const { enquiries } = await client.call<EnquiriesPage>(`${ADMIN_PATHS.enquiries}?status=all`);
    expect(enquiries.some((e) => e.name === name)).toBe(false);
    await context.close();
  });
});
