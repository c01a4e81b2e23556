import { describe, expect, it } from "vitest";
import { adminPassword } from "./admin-password.ts";

describe("adminPassword", () => {
  it("uses and prints the demo default when ADMIN_PASSWORD is not set", () => {
    for (const env of [{}, { ADMIN_PASSWORD: "" }]) {
      expect(adminPassword(env)).toEqual({ password: "admin", description: "password: admin (local demo default; set ADMIN_PASSWORD to change it)" });
    }
  });

  it("uses ADMIN_PASSWORD without ever echoing it", () => {
    for (const secret of ["s3cret-Value", "admin"]) {
      const { password, description } = adminPassword({ ADMIN_PASSWORD: secret });
      expect(password).toBe(secret);
      expect(description).toBe("password: the one in ADMIN_PASSWORD");
    }
  });
});
