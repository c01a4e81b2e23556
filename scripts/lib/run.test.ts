import { describe, expect, it } from "vitest";
import { commandFor, lineWriter } from "./run.ts";

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

describe("a command's output shown line by line", () => {
  it("keeps a line whose end arrives in a later chunk whole, as Astro writes a reused file's line", () => {
    const lines: string[] = [];
    const writer = lineWriter((line) => lines.push(line));
    writer.write("  ├─ /gallery/slots/a.html");
    writer.write(" (cached)\n  ├─ /gallery/slots/b.html (+12ms)\n\n  ├─ /for-sale");
    expect(lines).toEqual(["  ├─ /gallery/slots/a.html (cached)", "  ├─ /gallery/slots/b.html (+12ms)"]);
    writer.write("/slots.html");
    writer.end();
    expect(lines.at(-1)).toBe("  ├─ /for-sale/slots.html");
    writer.end();
    expect(lines).toHaveLength(3);
  });
});
