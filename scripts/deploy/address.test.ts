import { describe, expect, it } from "vitest";
import { addressOverride, discoverSite, type CloudflareGet } from "./address.ts";

/** Cloudflare's API answering `answers` by path (null: 404), recording each path asked. */
function api(answers: Record<string, unknown>): CloudflareGet & { asked: string[] } {
  const asked: string[] = [];
  const get = async (path: string) => {
    asked.push(path);
    if (!(path in answers)) throw new Error(`unexpected ${path}`);
    return answers[path];
  };
  return Object.assign(get, { asked });
}

const SCRIPT = "/accounts/acc-1/workers/scripts/coin-op-catalogue/subdomain";
const SUBDOMAIN = "/accounts/acc-1/workers/subdomain";
const DOMAINS = "/accounts/acc-1/workers/domains?service=coin-op-catalogue";

describe("the site's address, learnt from Cloudflare", () => {
  it("is the workers.dev address of a worker not deployed yet (nothing ever published), without asking for its domains", async () => {
    const get = api({ [SCRIPT]: null, [SUBDOMAIN]: { subdomain: "dealer" } });
    expect(await discoverSite(get, "acc-1", "coin-op-catalogue")).toEqual({
      exists: false,
      apiUrl: "https://coin-op-catalogue.dealer.workers.dev",
      siteUrl: "https://coin-op-catalogue.dealer.workers.dev",
    });
    expect(get.asked).not.toContain(DOMAINS);
  });

  it("names a custom domain as the site's, reading the API at workers.dev; only at the domain when workers.dev is off", async () => {
    const domains = [
      { hostname: "other.example", service: "another-worker" },
      { hostname: "shop.example.com", service: "coin-op-catalogue" },
    ];
    expect(
      await discoverSite(
        api({ [SCRIPT]: { enabled: true }, [SUBDOMAIN]: { subdomain: "dealer" }, [DOMAINS]: domains }),
        "acc-1",
        "coin-op-catalogue",
      ),
    ).toEqual({
      exists: true,
      apiUrl: "https://coin-op-catalogue.dealer.workers.dev",
      siteUrl: "https://shop.example.com",
    });
    expect(
      await discoverSite(
        api({ [SCRIPT]: { enabled: false }, [SUBDOMAIN]: { subdomain: "dealer" }, [DOMAINS]: domains }),
        "acc-1",
        "coin-op-catalogue",
      ),
    ).toEqual({
      exists: true,
      apiUrl: "https://shop.example.com",
      siteUrl: "https://shop.example.com",
    });
  });

  it("gives no address when the account has no workers.dev subdomain yet and no domain", async () => {
    expect(await discoverSite(api({ [SCRIPT]: null, [SUBDOMAIN]: null }), "acc-1", "coin-op-catalogue")).toEqual({
      exists: false,
      apiUrl: null,
      siteUrl: null,
    });
  });

  it("lets SITE_API_URL and SITE_URL override it, trailing slashes dropped, blanks ignored", () => {
    expect(addressOverride({ SITE_API_URL: "http://127.0.0.1:8787/", SITE_URL: " " })).toEqual({
      apiUrl: "http://127.0.0.1:8787",
      siteUrl: undefined,
    });
  });
});
