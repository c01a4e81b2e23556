import { describe, expect, it } from "vitest";
import { commandFor } from "./run.ts";

describe("starting a project command", () => {
  it("runs the project's own JavaScript bin with this Node, skipping npx's look-up", () => {
    const [command, args] = commandFor(["astro", "build", "--outDir", "x"]);
    expect(command).toBe(process.execPath);
    expect(args[0]).toMatch(/node_modules\/astro\/.*\.m?js$/);
    expect(args.slice(1)).toEqual(["build", "--outDir", "x"]);
  });

  it("leaves a command the project does not install to npx", () => {
    expect(commandFor(["no-such-bin-here", "--version"])).toEqual(["npx", ["no-such-bin-here", "--version"]]);
  });
});
