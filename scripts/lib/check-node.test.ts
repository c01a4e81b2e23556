import { describe, expect, it } from "vitest";
import { nodeProblem } from "./check-node.ts";

describe("the Node the scripts need", () => {
  it("is 22.18 or later, the first 22.x to run TypeScript files as they are", () => {
    for (const version of ["22.18.0", "22.23.2", "24.0.0", "24.18.0", "25.1.0"]) expect(nodeProblem(version), version).toBeNull();
    expect(nodeProblem("22.17.1")).toBe(
      "Node 22.17.1 is too old (need 22.18 or later, which runs TypeScript files as they are). Run through npm (`npm start`, `npm test`) so the project's pinned Node in node_modules/.bin is used, or install a newer Node.",
    );
    for (const version of ["22.12.0", "21.7.0", "20.19.0"]) expect(nodeProblem(version), version).toMatch(/^Node .* is too old/);
  });
});
