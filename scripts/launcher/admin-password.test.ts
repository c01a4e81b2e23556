import { describe, expect, it } from "vitest";
import { MIN_ADMIN_PASSWORD_LENGTH } from "#contract/worker-secrets";
import { adminPassword, DEMO_ADMIN_PASSWORD } from "./admin-password.ts";
import { startStack } from "./stack.ts";

describe("adminPassword", () => {
  it("gives a demo default the worker accepts (at least MIN_ADMIN_PASSWORD_LENGTH characters)", () => {
    expect([...DEMO_ADMIN_PASSWORD].length).toBeGreaterThanOrEqual(MIN_ADMIN_PASSWORD_LENGTH);
    expect(MIN_ADMIN_PASSWORD_LENGTH).toBe(12);
  });

  it("uses and prints the demo default when ADMIN_PASSWORD is not set", () => {
    for (const env of [{}, { ADMIN_PASSWORD: "" }]) {
      expect(adminPassword(env)).toEqual({
        password: "coin-op-demo",
        description: "password: coin-op-demo (local demo default; set ADMIN_PASSWORD to change it)",
      });
    }
  });

  it("uses ADMIN_PASSWORD of 12 characters or more without ever echoing it", () => {
    for (const secret of ["s3cret-Value", "correct horse battery staple", "ünïcödé-päss"]) {
      const { password, description } = adminPassword({ ADMIN_PASSWORD: secret });
      expect(password).toBe(secret);
      expect(description).toBe("password: the one in ADMIN_PASSWORD");
    }
  });

  it("refuses an ADMIN_PASSWORD shorter than 12 characters without echoing it", () => {
    for (const secret of ["admin", "s3cret-Valu", "ünïcödé-pä"]) {
      expect(() => adminPassword({ ADMIN_PASSWORD: secret })).toThrow(
        "ADMIN_PASSWORD is too short: use at least 12 characters (or leave it unset for the local demo password)",
      );
    }
  });
});

describe("a stack's admin password", () => {
  it("is refused before anything starts when the worker would refuse it", async () => {
    await expect(startStack({ port: 1, persistTo: "/nonexistent/state", password: "bench" })).rejects.toThrow(
      "the stack's admin password is shorter than 12 characters: the worker would refuse every sign-in",
    );
  });
});
