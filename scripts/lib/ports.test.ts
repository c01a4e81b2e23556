import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { assertPortFree, freePort } from "./ports.ts";

describe("local ports", () => {
  it("hands out a port nothing listens on, and refuses it with a fix-it message while something does", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    await expect(assertPortFree(port)).resolves.toBeUndefined();

    const server = createServer();
    await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening));
    try {
      await expect(assertPortFree(port)).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is already in use: stop what runs there or choose another port, e.g. PORT=${port + 1} npm start.`,
      );
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
