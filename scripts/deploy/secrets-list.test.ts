import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { WORKER_SECRETS } from "#contract/worker-secrets";
import { ROOT } from "../lib/quiet-env.ts";
import { planSecrets } from "./secrets.ts";

const names = WORKER_SECRETS.map((s) => s.name);
const check = (name: string, value: string) => WORKER_SECRETS.find((s) => s.name === name)!.check!(value);

describe("the worker's secrets, listed once", () => {
  it("are .dev.vars.example (the required ones, which the button asks for) then worker/optional-secrets.example, and worker/env.d.ts types each (npm run types was run)", () => {
    const namesIn = (file: string) => [...readFileSync(resolve(ROOT, file), "utf8").matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
    expect(namesIn(".dev.vars.example")).toEqual(["NOTION_TOKEN", "ADMIN_PASSWORD"]);
    expect([...namesIn(".dev.vars.example"), ...namesIn("worker/optional-secrets.example")]).toEqual(names);
    const types = readFileSync(resolve(ROOT, "worker/env.d.ts"), "utf8");
    for (const name of names) expect(types, name).toContain(`\t${name}: string;`);
  });

  it("list the required ones first, each with a purpose", () => {
    expect(WORKER_SECRETS.filter((s) => s.required).map((s) => s.name)).toEqual(["NOTION_TOKEN", "ADMIN_PASSWORD"]);
    expect(WORKER_SECRETS.findIndex((s) => !s.required)).toBe(2);
    for (const secret of WORKER_SECRETS) expect(secret.purpose.length, secret.name).toBeGreaterThan(20);
  });

  it("refuse what the worker could not use", () => {
    expect(check("ADMIN_PASSWORD", "eleven char")).toBe("must be at least 12 characters");
    expect(check("ADMIN_PASSWORD", "twelve chars")).toBeNull();
    expect(check("NOTION_TOKEN", "ntn_ with space")).toBe("must not contain spaces");
    expect(check("DEPLOY_HOOK_URL", "http://hooks.example/x")).toBe("must be an https:// address");
    expect(check("DEPLOY_HOOK_URL", "https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/abc")).toBeNull();
    expect(check("DEPLOY_HOOK_URL", "http://127.0.0.1:8788/rebuild")).toBeNull();
    expect(check("ENQUIRY_EMAIL_TO", "shop@example")).toBe("must be an email address");
  });
});

describe("which secrets a deploy sets", () => {
  it("leaves a name wrangler.toml's [vars] sets to it, and refuses an unknown --secret", () => {
    const plan = planSecrets({ stored: null, again: [], vars: { ENQUIRY_EMAIL_TO: "shop@example.com" }, env: {} });
    expect(plan.ask.map((s) => s.name)).not.toContain("ENQUIRY_EMAIL_TO");
    expect(() => planSecrets({ stored: [], again: ["NOTION_TOKN"], vars: {}, env: {} })).toThrow(
      "--secret NOTION_TOKN: not a secret the worker reads (NOTION_TOKEN, ADMIN_PASSWORD, DEPLOY_HOOK_URL, TURNSTILE_SECRET, ENQUIRY_EMAIL_TO, ENQUIRY_EMAIL_FROM)",
    );
  });

  it("asks an optional secret only at the first deploy or when named, and takes one the environment sets", () => {
    const later = planSecrets({
      stored: ["NOTION_TOKEN", "ADMIN_PASSWORD"],
      again: [],
      vars: {},
      env: { TURNSTILE_SECRET: "t" },
    });
    expect(later.ask).toEqual([]);
    expect(later.fromEnv.map((s) => s.name)).toEqual(["TURNSTILE_SECRET"]);
    expect(later.skip).toEqual(["DEPLOY_HOOK_URL", "ENQUIRY_EMAIL_TO", "ENQUIRY_EMAIL_FROM"]);
    const named = planSecrets({ stored: ["NOTION_TOKEN", "ADMIN_PASSWORD"], again: ["DEPLOY_HOOK_URL"], vars: {}, env: {} });
    expect(named.ask.map((s) => s.name)).toEqual(["DEPLOY_HOOK_URL"]);
  });

  it("never asks a first deploy for the deploy hook, which the admin panel takes (only --secret or the environment set it)", () => {
    const first = planSecrets({ stored: null, again: [], vars: {}, env: {} });
    expect(first.ask.map((s) => s.name)).toEqual([
      "NOTION_TOKEN",
      "ADMIN_PASSWORD",
      "TURNSTILE_SECRET",
      "ENQUIRY_EMAIL_TO",
      "ENQUIRY_EMAIL_FROM",
    ]);
    expect(first.skip).toEqual(["DEPLOY_HOOK_URL"]);
    expect(
      planSecrets({ stored: null, again: [], vars: {}, env: { DEPLOY_HOOK_URL: "https://x.example/h" } }).fromEnv.map((s) => s.name),
    ).toEqual(["DEPLOY_HOOK_URL"]);
  });
});
