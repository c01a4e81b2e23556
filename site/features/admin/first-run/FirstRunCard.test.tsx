// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { FirstRunState, NotionConnection, SetupRun } from "#contract/first-run";
import type { WebhookState } from "#contract/webhook-status";
import { $webhookStatus } from "../notion-sync/webhook-store";
import { firstRun, notionConnection, PAGE, setupRun } from "./test/first-run-answers";
import { $firstRun, $notionConnection } from "./first-run";
import FirstRunCard from "./FirstRunCard";

const NEW_SITE = firstRun();
const RUN = setupRun({ phase: "Adding the demo's pages: Slot Machines", databasesDone: 12, pagesDone: 20 });
const CONNECTION = notionConnection({
  pages: [
    ...notionConnection().pages,
    { id: "9f8e7d6c5b4a49388f7a6b5c4d3e2f1a", title: "", url: "https://www.notion.so/9f8e7d6c5b4a49388f7a6b5c4d3e2f1a" },
  ],
});

/** The card rendered with the stores so, parsed. */
function render(state: FirstRunState | null, connection: NotionConnection | null = CONNECTION, error: string | null = null): Document {
  $firstRun.set({ state, error });
  $notionConnection.set({ connection, error: null, loading: false });
  return new DOMParser().parseFromString(renderToString(<FirstRunCard />), "text/html");
}

const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, " ").trim();
const step = (doc: Document, name: string) => doc.querySelector(`[data-testid="first-run-step"][data-step="${name}"]`);
/** Each step as `number. title: Done|Not done`, `open` when its content shows. */
const steps = (doc: Document) =>
  [...doc.querySelectorAll('[data-testid="first-run-step"]')].map(
    (li) =>
      `${text(li.querySelector("h3 span.flex-1"))}: ${text(li.querySelector('[data-testid="first-run-step-state"]'))}${li.querySelector("h3 button")?.getAttribute("aria-expanded") === "true" ? " (open)" : ""}`,
  );

afterEach(() => {
  $firstRun.set({ state: null, error: null });
  $notionConnection.set({ connection: null, error: null, loading: false });
  $webhookStatus.set({ status: null, error: null });
});

describe("the first-run card", () => {
  it("shows nothing before the steps are read, nor once every step is done", () => {
    expect(renderToString(<FirstRunCard />)).toBe("");
    const done = Object.fromEntries(Object.entries(NEW_SITE.steps).map(([k, v]) => [k, { ...v, done: true }])) as FirstRunState["steps"];
    expect(render({ done: true, steps: done }).body.innerHTML).toBe("");
  });

  it("says why it could not read the steps", () => {
    expect(text(render(null, null, "503: unavailable").querySelector('[role="alert"]'))).toBe(
      "Could not load the first-run steps: 503: unavailable",
    );
  });

  it("on a new site: no step done, the Notion connection open with the token tried and the pages shared to choose from", () => {
    const doc = render(NEW_SITE);
    expect(text(doc.querySelector("#first-run-heading"))).toBe("Setting up your catalogue");
    expect(doc.querySelector('[data-testid="first-run-card"]')?.getAttribute("data-steps-done")).toBe("0");
    expect(text(doc.querySelector('[aria-live="polite"]'))).toBe("0 of 5 steps done");
    expect(steps(doc)).toEqual([
      "1. The Notion connection: Not done (open)",
      "2. The catalogue in Notion: Not done",
      "3. The first sync: Not done",
      "4. Rebuilds: Not done",
      "5. Notion webhooks: Not done",
    ]);
    const notion = step(doc, "notion")!;
    expect(text(notion.querySelector('[data-testid="first-run-integration"]'))).toBe(
      "The token answers: connected to Notion as Catalogue in Antique Coin-Op.",
    );
    expect([...notion.querySelectorAll('[data-testid="first-run-page"] button')].map((b) => b.getAttribute("aria-label"))).toEqual([
      "Use the page Antique Coin-Op",
      "Use the page Untitled",
    ]);
    const field = notion.querySelector("form input")!;
    expect(text(notion.querySelector(`label[for="${field.id}"]`))).toBe(
      "Or paste the page's link (in Notion: the page's ••• menu, Copy link):",
    );
    // Closed steps show their line only.
    expect(step(doc, "catalogue")?.querySelector("button.btn-primary")).toBeNull();
  });

  it("says when Notion's search lists no page yet, and that a pasted link works at once", () => {
    const doc = render(NEW_SITE, { ...CONNECTION, pages: [] });
    expect(text(step(doc, "notion"))).toContain("Notion lists none yet: share the page with the integration, then press Refresh.");
  });

  it("follows a setup run: the catalogue step open with its progress, the page by its title, nothing that starts another", () => {
    const state: FirstRunState = {
      ...NEW_SITE,
      steps: { ...NEW_SITE.steps, notion: { done: true, parentPageId: PAGE }, catalogue: { done: false, run: RUN } },
    };
    const doc = render(state, { ...CONNECTION, parent: { id: PAGE, title: "Antique Coin-Op" } });
    expect(steps(doc).slice(0, 2)).toEqual(["1. The Notion connection: Done", "2. The catalogue in Notion: Not done (open)"]);
    expect(text(step(doc, "notion")?.querySelector('[data-testid="first-run-step-summary"]'))).toBe(
      'The catalogue\'s page: "Antique Coin-Op".',
    );
    const catalogue = step(doc, "catalogue")!;
    expect(text(catalogue.querySelector('[data-testid="first-run-step-summary"]'))).toBe("Creating the catalogue in Notion…");
    const bar = catalogue.querySelector('[role="progressbar"]')!;
    expect([bar.getAttribute("aria-valuenow"), bar.getAttribute("aria-valuemax"), bar.getAttribute("aria-valuetext")]).toEqual([
      "32",
      "92",
      "12 of 12 databases, 20 of 80 demo pages",
    ]);
    expect(text(catalogue)).toContain("Adding the demo's pages: Slot Machines…");
    expect(text(catalogue)).toContain("You can close this page: setup carries on");
    expect([...catalogue.querySelectorAll("button")].map((b) => text(b))).not.toContain("Create the catalogue under this page");
  });

  it("shows a run that stopped, its words and its lines open, and offers setup again", () => {
    const stopped: SetupRun = {
      ...RUN,
      finishedAt: "2026-01-01T10:02:00.000Z",
      ok: false,
      phase: "Stopped",
      lines: ["Slot Machines: created (20 properties)"],
      message:
        "Setup stopped while setting up Machine Parts: Notion was unavailable (503 …). What it made in Notion is kept: once fixed, run it again and it carries on where it stopped.",
    };
    const state: FirstRunState = {
      ...NEW_SITE,
      steps: { ...NEW_SITE.steps, notion: { done: true, parentPageId: PAGE }, catalogue: { done: false, run: stopped } },
    };
    const catalogue = step(render(state), "catalogue")!;
    expect(text(catalogue.querySelector('[data-testid="first-run-setup-outcome"] [role="alert"]'))).toBe(stopped.message);
    expect(catalogue.querySelector("details")?.hasAttribute("open")).toBe(true);
    expect(text(catalogue.querySelector('[data-testid="first-run-setup-lines"]'))).toBe("Slot Machines: created (20 properties)");
    const buttons = [...catalogue.querySelectorAll("#first-run-catalogue button")];
    expect(buttons.map((b) => text(b))).toEqual(["Create the catalogue under this page", "Use my databases"]);
    expect(buttons.every((b) => !b.hasAttribute("disabled"))).toBe(true);
    // The demo is asked for, never assumed.
    expect(catalogue.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(false);
  });

  it("with everything else done, the webhooks step open: the URL to copy, the events to select, then the token Notion sent", () => {
    const state: FirstRunState = {
      done: false,
      steps: {
        notion: { done: true, parentPageId: PAGE },
        catalogue: { done: true, run: null },
        firstSync: { done: true },
        rebuilds: { done: true, source: "secret" },
        webhooks: { done: false, state: "waiting-for-first-event" },
      },
    };
    const webhook: WebhookState = {
      state: "waiting-for-first-event",
      tokenReceivedAt: "2026-01-01T10:00:00.000Z",
      verifiedAt: null,
      lastEventAt: null,
      lastEventType: null,
      verificationToken: "secret_abc",
      webhookUrl: "https://coin-op.example/api/notion/webhook/s3cr3t",
      pending: { pages: 0, schemas: 0, fullSync: false },
    };
    $webhookStatus.set({ status: webhook, error: null });
    const doc = render(state);
    expect(text(doc.querySelector('[aria-live="polite"]'))).toBe("4 of 5 steps done");
    expect(text(step(doc, "rebuilds")?.querySelector('[data-testid="first-run-step-summary"]'))).toBe(
      "On: every sync rebuilds the site through the DEPLOY_HOOK_URL secret.",
    );
    const webhooks = step(doc, "webhooks")!;
    expect(text(webhooks.querySelector('[data-testid="first-run-step-summary"]'))).toBe("Waiting for the first event from Notion.");
    expect(text(webhooks.querySelector('[data-testid="first-run-webhook-url"]'))).toBe(webhook.webhookUrl);
    expect(text(webhooks.querySelector('[data-testid="first-run-webhook-token"]'))).toBe("secret_abc");
    expect(text(webhooks)).toContain(
      "select these events: page.created, page.properties_updated, page.content_updated, page.moved, page.deleted, page.undeleted, data_source.schema_updated.",
    );
  });
});
