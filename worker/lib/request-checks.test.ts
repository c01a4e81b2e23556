import { describe, expect, it } from "vitest";
import { clientKey } from "./client-address";
import { isCrossOrigin, isLoopbackClient } from "./request-checks";

const URL_HERE = "https://dealer.example/api/enquiries";

describe("isCrossOrigin", () => {
  it("flags a state change whose Origin is another site, or which the browser marks cross-site", () => {
    expect(isCrossOrigin("POST", URL_HERE, new Headers({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossOrigin("delete", URL_HERE, new Headers({ "sec-fetch-site": "cross-site" }))).toBe(true);
  });

  it("lets same-origin state changes, state changes without an Origin, and every read through", () => {
    expect(isCrossOrigin("POST", URL_HERE, new Headers({ origin: "https://dealer.example" }))).toBe(false);
    expect(isCrossOrigin("PUT", URL_HERE, new Headers())).toBe(false);
    expect(isCrossOrigin("GET", URL_HERE, new Headers({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }))).toBe(false);
  });
});

describe("isLoopbackClient", () => {
  it("knows the machine's own addresses (none, 127.0.0.0/8, ::1) and no other", () => {
    for (const address of [undefined, "127.0.0.1", "127.1.2.3", "::1"]) expect(isLoopbackClient(clientKey(address))).toBe(true);
    for (const address of ["203.0.113.1", "10.0.0.1", "2001:db8::1", "::ffff:203.0.113.1"])
      expect(isLoopbackClient(clientKey(address))).toBe(false);
  });
});
