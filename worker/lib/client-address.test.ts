import { describe, expect, it } from "vitest";
import { clientKey, networkKey } from "./client-address";

describe("clientKey", () => {
  it("keys an IPv4 client by its address", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("keys every IPv6 address of one /64 alike, however it is written", () => {
    const key = "2001:db8:85a3:42::/64";
    for (const address of [
      "2001:db8:85a3:42::1",
      "2001:0db8:85a3:0042:ffff:ffff:ffff:ffff",
      "2001:DB8:85A3:42:1:2:3:4",
      "[2001:db8:85a3:42::9]",
      "2001:db8:85a3:42::1%eth0",
      "2001:db8:85a3:42:0:0:1.2.3.4",
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey("2001:db8:85a3:43::1")).toBe("2001:db8:85a3:43::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("keys an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("keeps anything else as given, bounded, and a missing address as local", () => {
    expect(clientKey(undefined)).toBe("local");
    expect(clientKey("")).toBe("local");
    expect(clientKey("300.1.1.1")).toBe("300.1.1.1");
    expect(clientKey("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(clientKey("1::2::3")).toBe("1::2::3");
    expect(clientKey("x".repeat(500))).toBe("x".repeat(100));
  });
});

describe("networkKey", () => {
  it("keys every IPv6 address of one /48 alike, across its /64s, however it is written", () => {
    for (const address of ["2001:db8:85a3::1", "2001:db8:85a3:ffff::1", "2001:0DB8:85A3:0042:1:2:3:4", "[2001:db8:85a3:42::9]"]) {
      expect(networkKey(address), address).toBe("2001:db8:85a3::/48");
    }
    expect(networkKey("2001:db8:85a4::1")).toBe("2001:db8:85a4::/48");
  });

  it("gives none for IPv4 (mapped or not), a missing address or anything else", () => {
    for (const address of ["203.0.113.7", "::ffff:203.0.113.7", undefined, "", "local", "1::2::3"]) {
      expect(networkKey(address), String(address)).toBeNull();
    }
  });
});
